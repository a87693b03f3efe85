// Schemas and mappers of the release family (release, episode, genre, member, sponsor), shared by most modules.
import { z } from "zod/v4";
import {
  offersEpisodes,
  type Episode,
  type EpisodeWithRelease,
  type Genre,
  type Release,
  type ReleaseMember,
  type Sponsor,
} from "~/domain/release";
import { shortenDescription, type ReleaseCardData } from "~/domain/release-card";
import {
  flag,
  ImageSchema,
  labelledSchema,
  listSchema,
  LabelledTextSchema,
  numericId,
  optionalNumber,
  optionalText,
  resolveImage,
  resolveMediaUrl,
  stringId,
  webUrl,
} from "./schemas";

export const GenreSchema = z.object({ id: numericId, name: z.string(), image: ImageSchema, total_releases: optionalNumber }).passthrough();

const SkipSchema = z
  .object({ start: optionalNumber, stop: optionalNumber })
  .passthrough()
  .nullish()
  .transform((skip) => (skip && (skip.start !== null || skip.stop !== null) ? { start: skip.start, stop: skip.stop } : null));

/** Fractional ordinals (12.5) are real episodes; negative ones mean "no number". */
const OrdinalSchema = optionalNumber.transform((ordinal) => (ordinal !== null && ordinal < 0 ? null : ordinal));

export const EpisodeSchema = z
  .object({
    id: stringId,
    name: optionalText,
    name_english: optionalText,
    ordinal: OrdinalSchema,
    opening: SkipSchema,
    ending: SkipSchema,
    preview: ImageSchema,
    hls_480: optionalText,
    hls_720: optionalText,
    hls_1080: optionalText,
    duration: optionalNumber,
    rutube_id: optionalText,
    youtube_id: optionalText,
    updated_at: optionalText,
    sort_order: optionalNumber,
  })
  .passthrough();

/**
 * An episode's place among its release's episodes: what continue watching, new episodes and the list import and export
 * read of `/anime/releases/list`, which is asked for without the rest (decision 0271). Read alone, 1,150 episodes of
 * one release take a third of the full episode schema's time, whose fields would all be absent (decision 0274).
 */
const EPISODE_PLACE = { id: true, name: true, ordinal: true, sort_order: true, duration: true } as const;
export const EPISODE_PLACE_FIELDS: readonly string[] = Object.keys(EPISODE_PLACE);
const EpisodePlaceSchema = z.object(EpisodeSchema.pick(EPISODE_PLACE).shape);

const SponsorSchema = z
  .object({ id: stringId, title: z.string(), description: optionalText, url_title: optionalText, url: webUrl })
  .passthrough();

const MemberSchema = z
  .object({
    id: stringId,
    nickname: optionalText,
    role: LabelledTextSchema,
    user: z.object({ id: numericId, avatar: ImageSchema }).passthrough().nullish(),
  })
  .passthrough();

/**
 * `shikimori` and `mal` (the current document, after February 2026; no recorded answer has them): nullable, and
 * anything unexpected reads as absent rather than failing the release.
 */
const ExternalListingSchema = z
  .object({ id: numericId, rating: optionalNumber, votes: optionalNumber })
  .passthrough()
  .nullish()
  .catch(null)
  .transform((listing) => (listing && listing.id > 0 ? { id: listing.id, rating: listing.rating, votes: listing.votes } : null));

export const ReleaseSchema = z
  .object({
    id: numericId,
    alias: z.string(),
    name: z.object({ main: z.string().nullish(), english: optionalText, alternative: optionalText }).passthrough().nullish(),
    year: optionalNumber,
    type: labelledSchema(z.string()),
    season: labelledSchema(z.string()),
    poster: ImageSchema,
    fresh_at: optionalText,
    created_at: optionalText,
    updated_at: optionalText,
    is_ongoing: flag,
    is_in_production: flag,
    is_blocked_by_geo: flag,
    is_blocked_by_copyrights: flag,
    age_rating: z
      .object({ value: z.string().nullish(), label: optionalText, is_adult: flag, description: optionalText })
      .passthrough()
      .nullish(),
    publish_day: labelledSchema(optionalNumber),
    description: optionalText,
    notification: optionalText,
    episodes_total: optionalNumber,
    // Live since 2025 but in neither document; an upstream without it has no notion of an unknown count (decision 0253).
    episodes_are_unknown: flag,
    // Only absolute or protocol-relative http(s) links are players; a bare path would point at our own site.
    external_player: webUrl,
    added_in_users_favorites: optionalNumber,
    added_in_favorites: optionalNumber,
    average_duration_of_episode: optionalNumber,
    genres: z.array(GenreSchema).nullish(),
    sponsor: SponsorSchema.nullish(),
    sponsors: z.array(SponsorSchema).nullish(),
    episodes: z.array(EpisodeSchema).nullish(),
    members: z.array(MemberSchema).nullish(),
    latest_episode: EpisodeSchema.nullish(),
    shikimori: ExternalListingSchema,
    mal: ExternalListingSchema,
  })
  .passthrough();

/** A release whose episodes carry their place only (`EpisodePlaceSchema`). */
export const ReleaseWithEpisodePlacesSchema = ReleaseSchema.extend({ episodes: z.array(EpisodePlaceSchema).nullish() });

/** What the release id index reads of a catalogue release (app/.server/api/release-index.ts): ids and names. */
export const ReleaseIdsSchema = z.object({
  id: numericId,
  alias: z.string(),
  name: z.object({ main: z.string().nullish(), english: optionalText, alternative: optionalText }).nullish(),
  type: labelledSchema(z.string()),
  episodes_total: optionalNumber,
  shikimori: ExternalListingSchema,
  mal: ExternalListingSchema,
});

/**
 * What a release card reads of a release (list pages), checked as ReleaseSchema checks it: a page of 24 releases
 * parsed whole cost a tenth of the catalogue's server CPU (decision 0217). Fields cards never show are not read;
 * `is_blocked_by_copyrights` is, because it keeps the latest episode off the card.
 */
export const ReleaseCardSchema = z.object({
  id: numericId,
  alias: z.string(),
  name: z.object({ main: z.string().nullish(), english: optionalText }).nullish(),
  year: optionalNumber,
  type: labelledSchema(z.string()),
  season: labelledSchema(z.string()),
  poster: ImageSchema,
  is_ongoing: flag,
  is_blocked_by_copyrights: flag,
  age_rating: z.object({ label: optionalText }).nullish(),
  description: optionalText,
  episodes_total: optionalNumber,
  episodes_are_unknown: flag,
  genres: z.array(z.object({ name: z.string() })).nullish(),
  latest_episode: z.object({ id: stringId, ordinal: OrdinalSchema }).nullish(),
});

/** The finished card, by the rules `toReleaseCard` applies to a whole release: the loader shows it as it is. */
export function toReleaseCardData(raw: z.output<typeof ReleaseCardSchema>, mediaOrigin: string): ReleaseCardData {
  return {
    id: raw.id,
    alias: raw.alias,
    name: { main: raw.name?.main ?? "", english: raw.name?.english ?? null },
    year: raw.year,
    type: raw.type,
    season: raw.season,
    poster: resolveImage(raw.poster, mediaOrigin),
    isOngoing: raw.is_ongoing,
    ageRating: { label: raw.age_rating?.label ?? null },
    episodesTotal: raw.episodes_total,
    episodesAreUnknown: raw.episodes_are_unknown,
    description: shortenDescription(raw.description),
    genres: (raw.genres ?? []).map((genre) => ({ name: genre.name })),
    latestEpisode:
      raw.latest_episode && offersEpisodes({ isBlockedByCopyrights: raw.is_blocked_by_copyrights })
        ? { id: raw.latest_episode.id, ordinal: raw.latest_episode.ordinal }
        : null,
  };
}

export const EpisodeWithReleaseSchema = EpisodeSchema.extend({ release: ReleaseSchema.nullish() });

export type RawGenre = z.output<typeof GenreSchema>;
export type RawEpisode = z.output<typeof EpisodeSchema>;
export type RawRelease = z.output<typeof ReleaseSchema>;

export function toGenre(raw: RawGenre, mediaOrigin: string): Genre {
  return { id: raw.id, name: raw.name, image: resolveImage(raw.image, mediaOrigin), totalReleases: raw.total_releases };
}

/** What the episode schema makes of fields an answer left out. */
const ABSENT_EPISODE_FIELDS: RawEpisode = EpisodeSchema.parse({ id: "absent" });

export function toEpisode(raw: RawEpisode, mediaOrigin: string): Episode {
  return {
    id: raw.id,
    name: raw.name,
    nameEnglish: raw.name_english,
    ordinal: raw.ordinal,
    opening: raw.opening,
    ending: raw.ending,
    preview: resolveImage(raw.preview, mediaOrigin),
    hls480: resolveMediaUrl(raw.hls_480, mediaOrigin),
    hls720: resolveMediaUrl(raw.hls_720, mediaOrigin),
    hls1080: resolveMediaUrl(raw.hls_1080, mediaOrigin),
    duration: raw.duration,
    rutubeId: raw.rutube_id,
    youtubeId: raw.youtube_id,
    updatedAt: raw.updated_at,
    sortOrder: raw.sort_order,
  };
}

function toSponsor(raw: z.output<typeof SponsorSchema>): Sponsor {
  return { id: raw.id, title: raw.title, description: raw.description, urlTitle: raw.url_title, url: raw.url };
}

export function toMember(raw: z.output<typeof MemberSchema>, mediaOrigin: string): ReleaseMember {
  return {
    id: raw.id,
    nickname: raw.nickname,
    role: raw.role,
    user: raw.user ? { id: raw.user.id, avatar: resolveImage(raw.user.avatar, mediaOrigin) } : null,
  };
}

export const MembersSchema = listSchema(MemberSchema);

export function toRelease(raw: RawRelease, mediaOrigin: string): Release {
  const sponsor = raw.sponsor ?? raw.sponsors?.[0] ?? null;
  return {
    id: raw.id,
    alias: raw.alias,
    name: { main: raw.name?.main ?? "", english: raw.name?.english ?? null, alternative: raw.name?.alternative ?? null },
    year: raw.year,
    type: raw.type,
    season: raw.season,
    poster: resolveImage(raw.poster, mediaOrigin),
    freshAt: raw.fresh_at,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    isOngoing: raw.is_ongoing,
    isInProduction: raw.is_in_production,
    isBlockedByGeo: raw.is_blocked_by_geo,
    isBlockedByCopyrights: raw.is_blocked_by_copyrights,
    ageRating: {
      value: raw.age_rating?.value ?? null,
      label: raw.age_rating?.label ?? null,
      isAdult: raw.age_rating?.is_adult ?? false,
      description: raw.age_rating?.description ?? null,
    },
    publishDay: raw.publish_day,
    description: raw.description,
    notification: raw.notification,
    episodesTotal: raw.episodes_total,
    episodesAreUnknown: raw.episodes_are_unknown,
    externalPlayer: raw.external_player,
    addedInUsersFavorites: raw.added_in_users_favorites ?? raw.added_in_favorites ?? 0,
    averageDurationOfEpisode: raw.average_duration_of_episode,
    genres: (raw.genres ?? []).map((genre) => toGenre(genre, mediaOrigin)),
    sponsor: sponsor ? toSponsor(sponsor) : null,
    episodes: (raw.episodes ?? []).map((episode) => toEpisode(episode, mediaOrigin)),
    members: (raw.members ?? []).map((member) => toMember(member, mediaOrigin)),
    latestEpisode: raw.latest_episode ? toEpisode(raw.latest_episode, mediaOrigin) : null,
    shikimori: raw.shikimori,
    mal: raw.mal,
  };
}

/** A release read with its episodes' places: the episodes' other fields as the full schema reads them when absent. */
export function toReleaseWithEpisodePlaces(raw: z.output<typeof ReleaseWithEpisodePlacesSchema>, mediaOrigin: string): Release {
  return toRelease({ ...raw, episodes: raw.episodes?.map((episode) => ({ ...ABSENT_EPISODE_FIELDS, ...episode })) }, mediaOrigin);
}

export function toEpisodeWithRelease(raw: z.output<typeof EpisodeWithReleaseSchema>, mediaOrigin: string): EpisodeWithRelease {
  return { ...toEpisode(raw, mediaOrigin), release: raw.release ? toRelease(raw.release, mediaOrigin) : null };
}
