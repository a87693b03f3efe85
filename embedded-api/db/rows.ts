// The shape of each SQLite table's rows (db/migrations.ts creates them) and the enums stored in them.
// The seed writes these rows and the resources read them: both import the types from here.

export const RELEASE_TYPES = ["TV", "ONA", "WEB", "OVA", "OAD", "MOVIE", "DORAMA", "SPECIAL"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const SEASONS = ["winter", "spring", "summer", "autumn"] as const;
export const AGE_RATINGS = ["R0_PLUS", "R6_PLUS", "R12_PLUS", "R16_PLUS", "R18_PLUS"] as const;
export const SOCIAL_PROVIDERS = ["vk", "google", "patreon", "discord"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

// Catalogue (migration 1).

export interface GenreRow {
  id: number;
  name: string;
  image_index: number;
}

export interface SponsorRow {
  id: string;
  title: string;
  url_title: string;
  url: string;
  description: string;
}

export interface ReleaseRow {
  id: number;
  alias: string;
  name_main: string;
  name_english: string;
  name_alternative: string | null;
  type: ReleaseType;
  year: number;
  season: string;
  age_rating: string;
  publish_day: number;
  notification: string | null;
  episodes_total: number | null;
  average_duration_of_episode: number | null;
  is_ongoing: number;
  is_in_production: number;
  is_blocked_by_geo: number;
  is_blocked_by_copyrights: number;
  external_player: string | null;
  poster_index: number;
  sponsor_id: string | null;
  /** Written as a BigInt, read back as a number (25 genres fit in 53 bits). */
  genre_mask: bigint | number;
  added_in_users_favorites: number;
  added_in_planned_collection: number;
  added_in_watched_collection: number;
  added_in_watching_collection: number;
  added_in_postponed_collection: number;
  added_in_abandoned_collection: number;
  fresh_at: string;
  created_at: string;
  updated_at: string;
}

export interface EpisodeRow {
  id: string;
  release_id: number;
  ordinal: number;
  sort_order: number;
  name: string | null;
  name_english: string | null;
  has_hls: number;
  rutube_id: string | null;
  youtube_id: string | null;
  duration: number;
  opening_start: number | null;
  opening_stop: number | null;
  ending_start: number | null;
  ending_stop: number | null;
  preview_index: number;
  updated_at: string;
}

export interface TorrentRow {
  id: number;
  release_id: number;
  hash: string;
  size: number;
  piece_length: number;
  type: string;
  color: string;
  codec: string;
  quality: string;
  label: string;
  filename: string;
  description: string;
  episodes_from: number;
  episodes_to: number;
  seeders: number;
  leechers: number;
  completed_times: number;
  bitrate: number;
  is_hardsub: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface TeamRoleRow {
  id: string;
  title: string;
  color: string;
  sort_order: number;
}

export interface TeamRow {
  id: string;
  title: string;
  description: string;
  sort_order: number;
}

export interface TeamUserRow {
  id: string;
  account_id: number;
  team_id: string;
  nickname: string;
  avatar_index: number;
  is_intern: number;
  is_vacation: number;
  sort_order: number;
}

export interface ReleaseMemberRow {
  id: string;
  release_id: number;
  team_user_id: string | null;
  role: string;
  nickname: string;
  sort_order: number;
}

export interface FranchiseRow {
  id: string;
  name: string;
  name_english: string;
  poster_index: number;
  rating: number;
}

export interface FranchiseReleaseRow {
  id: string;
  franchise_id: string;
  release_id: number;
  sort_order: number;
}

export interface VideoOriginRow {
  id: string;
  title: string;
  url: string;
  type: string;
  is_announce: number;
}

export interface VideoRow {
  id: number;
  origin_id: string;
  title: string;
  video_id: string;
  views: number;
  comments: number;
  image_index: number;
  is_announce: number;
  created_at: string;
  updated_at: string;
}

export interface PromotionRow {
  id: string;
  title: string;
  description: string;
  url: string;
  url_label: string;
  image_index: number;
  release_id: number | null;
  is_ad: number;
  ad_erid: string | null;
  ad_origin: string | null;
  has_overlay: number;
  sort_order: number;
}

// Accounts (migration 2 and later).

export interface UserRow {
  id: number;
  login: string;
  email: string;
  nickname: string | null;
  password_hash: string | null;
  email_verified_at: string | null;
  avatar_index: number;
  /** "<version>.<ext>" of an uploaded avatar, or null for the demo one. */
  avatar_upload: string | null;
  is_banned: number;
  torrent_passkey: string;
  torrents_uploaded: number;
  torrents_downloaded: number;
  is_with_video_ads: number;
  is_with_video_ads_always: number;
  is_with_content_ads: number;
  created_at: string;
}

export interface SessionRow {
  id: string;
  user_id: number;
  user_agent: string;
  ip_address: string;
  created_at: string;
  last_used_at: string;
}

export interface SocialIdentityRow {
  provider: string;
  provider_user_id: string;
  created_at: string;
}

export interface SocialLoginRow {
  state_hash: string;
  provider: SocialProvider;
  host: string;
  /** Sign-in: the user once allowed. Linking: the signed-in user who asked, from the start. */
  user_id: number | null;
  expires_at: string;
  consumed_at: string | null;
  purpose: "login" | "link";
  /** Linking: the provider account name once allowed. */
  identity: string | null;
}

export interface OtpCodeRow {
  id: number;
  code: string;
  device_id: string;
  user_id: number | null;
  expires_at: string;
  consumed_at: string | null;
}

// Polls (migration 6).

export interface PollRow {
  id: number;
  question: string;
  starts_at: string;
  ends_at: string | null;
  created_at: string;
}

export interface PollOptionRow {
  id: number;
  poll_id: number;
  title: string;
  position: number;
}
