// The paged "new releases" list: the catalogue sorted by freshness (API v1's `/anime/releases/latest` has no
// pages), each release with its latest episode (docs/decisions/0060-latest-releases-paging.md).
import { requestApi, type ApiCalls, type RequestArgs } from "~/.server/api/handle";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadPageRange, readPageRange } from "~/components/paging/page-range.server";
import type { Page } from "~/domain/pagination";
import type { Release } from "~/domain/release";
import { toReleaseCardPage } from "~/domain/release-card";
import { assertPageExists } from "~/features/sections/page-query.server";
import { latestEpisodeOf } from "./latest-episode";

const LATEST_PAGE_SIZE = 24;

async function getLatestReleasesPage(api: ApiCalls, pageNumber: number): Promise<Page<Release>> {
  const page = await api.catalog.releases({ page: pageNumber, limit: LATEST_PAGE_SIZE, sorting: "FRESH_AT_DESC" });
  const missing = page.items.filter((release) => release.latestEpisode === null).map((release) => release.id);
  if (missing.length === 0) return page;
  const detailed = await api.releases.byIds({ ids: missing, limit: missing.length });
  const latestById = new Map(detailed.items.map((release) => [release.id, latestEpisodeOf(release.episodes)]));
  return {
    ...page,
    items: page.items.map((release) =>
      release.latestEpisode ? release : { ...release, latestEpisode: latestById.get(release.id) ?? null },
    ),
  };
}

/** The page's data: the pages its address asks for (`?from=M&page=N`), joined; a page past the end is a 404. */
export async function loadLatestReleases(args: RequestArgs) {
  const { request } = args;
  const api = requestApi(args);
  const range = readPageRange(request);
  return withRouteErrors(request, async () => {
    const page = await loadPageRange(range, (pageNumber) => getLatestReleasesPage(api, pageNumber));
    assertPageExists(request, page.pagination);
    return { page: toReleaseCardPage(page), firstPage: range.first };
  });
}
