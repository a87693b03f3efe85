// The paged "new releases" list: the catalogue sorted by freshness (API v1's `/anime/releases/latest` has no
// pages), each release with its latest episode (docs/decisions/0060-latest-releases-paging.md).
import type { ApiCalls } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadPageRange, readPageRange } from "~/shared/paging/page-range.server";
import type { Page } from "~/domain/pagination";
import { offersEpisodes } from "~/domain/release";
import type { ReleaseCardData } from "~/domain/release-card";
import { rememberListedReleases } from "~/.server/remembered-ids.server";
import { assertPageExists } from "~/shared/paging/page-exists.server";
import { latestEpisodeOf } from "./latest-episode";

const LATEST_PAGE_SIZE = 24;
/** The most `/anime/releases/latest` gives (the upstream's limit cap); it carries each release's latest episode. */
const LATEST_WITH_EPISODES = 50;

async function getLatestReleasesPage(api: ApiCalls, pageNumber: number): Promise<Page<ReleaseCardData>> {
  // The newest releases come with their latest episode: asked together with the page that lists them, they fill in
  // what the catalogue's answer lacks without a second round trip (decision 0254); older pages ask by id afterwards.
  const [page, newest] = await Promise.all([
    api.catalog.releaseCards({ page: pageNumber, limit: LATEST_PAGE_SIZE, sorting: "FRESH_AT_DESC" }),
    pageNumber * LATEST_PAGE_SIZE <= LATEST_WITH_EPISODES ? api.releases.latestCards(LATEST_WITH_EPISODES) : Promise.resolve([]),
  ]);
  const latestById = new Map(newest.flatMap((release) => (release.latestEpisode ? [[release.id, release.latestEpisode] as const] : [])));
  const missing = page.items
    .filter((release) => release.latestEpisode === null && !latestById.has(release.id))
    .map((release) => release.id);
  if (missing.length > 0) {
    const detailed = await api.releases.byIds({ ids: missing, limit: missing.length });
    for (const release of detailed.items) {
      const latest = offersEpisodes(release) ? latestEpisodeOf(release.episodes) : null;
      if (latest) latestById.set(release.id, { id: latest.id, ordinal: latest.ordinal });
    }
  }
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
  const { api } = args.context;
  const range = readPageRange(request);
  return withRouteErrors(request, async () => {
    const page = await loadPageRange(range, (pageNumber) => getLatestReleasesPage(api, pageNumber));
    assertPageExists(request, page.pagination);
    rememberListedReleases(page.items);
    return { page, firstPage: range.first };
  });
}
