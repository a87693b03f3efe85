// Franchises: the list, one franchise with its releases, random ones, the franchises of a release.
import { z } from "zod/v4";
import type { Franchise, FranchiseWithReleases } from "~/domain/franchise";
import type { ApiContext } from "./context";
import { UpstreamNotFoundError } from "./errors";
import { ReleaseSchema, toRelease } from "./release-schema";
import { requestJson } from "./request";
import { ImageSchema, listSchema, numericId, oneSchema, optionalNumber, optionalText, resolveImage, stringId } from "./schemas";

export const FranchiseSchema = z
  .object({
    id: stringId,
    name: z.string(),
    name_english: optionalText,
    image: ImageSchema,
    rating: optionalNumber,
    first_year: optionalNumber,
    last_year: optionalNumber,
    total_releases: optionalNumber,
    total_episodes: optionalNumber,
    total_duration: optionalText,
    total_duration_in_seconds: optionalNumber,
  })
  .passthrough();

export const FranchiseWithReleasesSchema = FranchiseSchema.extend({
  franchise_releases: z
    .array(z.object({ id: stringId, sort_order: optionalNumber, release_id: numericId, release: ReleaseSchema.nullish() }).passthrough())
    .nullish(),
});

/** The document pages this list; the product shows it whole, so only `data` is read. */
export const FranchiseListSchema = listSchema(FranchiseSchema);

function toFranchise(raw: z.output<typeof FranchiseSchema>, mediaOrigin: string): Franchise {
  return {
    id: raw.id,
    name: raw.name,
    nameEnglish: raw.name_english,
    image: resolveImage(raw.image, mediaOrigin),
    rating: raw.rating,
    firstYear: raw.first_year,
    lastYear: raw.last_year,
    totalReleases: raw.total_releases,
    totalEpisodes: raw.total_episodes,
    totalDuration: raw.total_duration,
    totalDurationInSeconds: raw.total_duration_in_seconds,
  };
}

function toFranchiseWithReleases(raw: z.output<typeof FranchiseWithReleasesSchema>, mediaOrigin: string): FranchiseWithReleases {
  return {
    ...toFranchise(raw, mediaOrigin),
    releases: (raw.franchise_releases ?? []).map((entry) => ({
      id: entry.id,
      sortOrder: entry.sort_order,
      releaseId: entry.release_id,
      release: entry.release ? toRelease(entry.release, mediaOrigin) : null,
    })),
  };
}

export async function getFranchises(context: ApiContext): Promise<Franchise[]> {
  const franchises = await requestJson(context, { path: "/anime/franchises" }, FranchiseListSchema);
  return franchises.map((franchise) => toFranchise(franchise, context.mediaOrigin));
}

export async function getFranchise(context: ApiContext, franchiseId: string): Promise<FranchiseWithReleases> {
  const path = `/anime/franchises/${encodeURIComponent(franchiseId)}`;
  const franchise = await requestJson(context, { path }, oneSchema(FranchiseWithReleasesSchema));
  if (!franchise) throw new UpstreamNotFoundError({ method: "GET", path });
  return toFranchiseWithReleases(franchise, context.mediaOrigin);
}

export async function getReleaseFranchises(context: ApiContext, releaseId: number): Promise<FranchiseWithReleases[]> {
  const franchises = await requestJson(
    context,
    { path: `/anime/franchises/release/${releaseId}` },
    listSchema(FranchiseWithReleasesSchema),
  );
  return franchises.map((franchise) => toFranchiseWithReleases(franchise, context.mediaOrigin));
}
