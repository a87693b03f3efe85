// The paged "new releases" list: the catalogue sorted by freshness (API v1's `/anime/releases/latest` has no
// pages), each release with its latest episode (docs/decisions/0060-latest-releases-paging.md).
import { getCatalogReleases } from "~/.server/api/catalog";
import type { ApiCaller } from "~/.server/api/context";
import { getReleasesByIds } from "~/.server/api/releases";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadPageRange, readPageRange } from "~/components/paging/page-range.server";
import type { Page } from "~/domain/pagination";
import type { Release } from "~/domain/release";
import { toReleaseCardPage } from "~/domain/release-card";
import { assertPageExists } from "~/features/sections/page-query.server";
import { latestEpisodeOf } from "./latest-episode";

export const LATEST_PAGE_SIZE = 24;

export async function getLatestReleasesPage(caller: ApiCaller, pageNumber: number): Promise<Page<Release>> {
  const page = await getCatalogReleases(caller, { page: pageNumber, limit: LATEST_PAGE_SIZE, sorting: "FRESH_AT_DESC" });
  const missing = page.items.filter((release) => release.latestEpisode === null).map((release) => release.id);
  if (missing.length === 0) return page;
  const detailed = await getReleasesByIds(caller, { ids: missing, limit: missing.length });
  const latestById = new Map(detailed.items.map((release) => [release.id, latestEpisodeOf(release.episodes)]));
  return {
    ...page,
    items: page.items.map((release) =>
      release.latestEpisode ? release : { ...release, latestEpisode: latestById.get(release.id) ?? null },
    ),
  };
}

/** The page's data: the pages its address asks for (`?from=M&page=N`), joined; a page past the end is a 404. */
export async function loadLatestReleases(request: Request) {
  const range = readPageRange(request);
  return withRouteErrors(request, async () => {
    const page = await loadPageRange(range, (pageNumber) => getLatestReleasesPage(request, pageNumber));
    assertPageExists(request, page.pagination);
    return { page: toReleaseCardPage(page), firstPage: range.first };
  });
}
