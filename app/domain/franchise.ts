import type { Image } from "./image";
import type { Release } from "./release";

export type Franchise = {
  id: string;
  name: string;
  nameEnglish: string | null;
  image: Image;
  rating: number | null;
  firstYear: number | null;
  lastYear: number | null;
  totalReleases: number | null;
  totalEpisodes: number | null;
  /** Human text from the upstream ("2 дня 3 часа"), may be null. */
  totalDuration: string | null;
  totalDurationInSeconds: number | null;
};

export type FranchiseRelease = { id: string; sortOrder: number | null; releaseId: number; release: Release | null };

export type FranchiseWithReleases = Franchise & { releases: FranchiseRelease[] };
