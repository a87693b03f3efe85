// What the generator produces: every catalogue table's rows, ready for seed-database.ts to insert.
import type {
  EpisodeRow,
  FranchiseReleaseRow,
  FranchiseRow,
  GenreRow,
  PromotionRow,
  ReleaseMemberRow,
  ReleaseRow,
  SponsorRow,
  TeamRoleRow,
  TeamRow,
  TeamUserRow,
  TorrentRow,
  VideoOriginRow,
  VideoRow,
} from "../db/rows";
import { DEMO_REFERENCE_TIME } from "../demo-constants";

export interface DemoCatalogue {
  genres: GenreRow[];
  sponsors: SponsorRow[];
  releases: ReleaseRow[];
  releaseGenres: [releaseId: number, genreId: number][];
  releaseSearchTexts: [releaseId: number, text: string][];
  releaseDescriptions: [releaseId: number, description: string][];
  episodes: EpisodeRow[];
  torrents: TorrentRow[];
  teamRoles: TeamRoleRow[];
  teams: TeamRow[];
  teamUsers: TeamUserRow[];
  teamUserRoles: [teamUserId: string, roleId: string][];
  members: ReleaseMemberRow[];
  franchises: FranchiseRow[];
  franchiseReleases: FranchiseReleaseRow[];
  videoOrigins: VideoOriginRow[];
  videos: VideoRow[];
  promotions: PromotionRow[];
}

export const DAY = 86_400_000;

/** Demo dates never pass the reference time, so the catalogue looks the same whenever it is generated. */
export const isoAt = (time: number): string => new Date(Math.min(time, DEMO_REFERENCE_TIME)).toISOString();
