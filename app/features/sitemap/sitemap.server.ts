// Loads what the XML sitemaps list: sections, genres and franchises (static.xml) and every release (releases-N.xml).
import type { ApiCalls } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { releaseTitle } from "~/domain/release";
import { franchisePath, genreReleasesPath, releasePath } from "~/domain/site-paths";
import { assertPageExists } from "~/shared/paging/page-exists.server";
import { parsePageQuery } from "~/shared/paging/page-query.server";
import { SITE_SECTIONS } from "./site-sections";
import { RELEASES_PER_REQUEST, type SitemapUrl, upstreamPagesOfFile } from "./sitemap-xml";

/** Upstream calls in flight at once while a release file is assembled. */
const PARALLEL_REQUESTS = 4;
/** Search engines fetch sitemaps rarely; an hour of caching spares the upstream. */
export const SITEMAP_CACHE_CONTROL = "public, max-age=3600, s-maxage=3600";

/** The newest-first order keeps `lastmod` meaningful and puts fresh releases in the first file. */
const releaseOrder = { sorting: "FRESH_AT_DESC" } as const;

async function countReleasesWith(api: ApiCalls): Promise<number> {
  const page = await api.catalog.releases({ ...releaseOrder, page: 1, limit: 1 });
  return page.pagination.total;
}

export function countReleases(args: RequestArgs): Promise<number> {
  return countReleasesWith(args.context.api);
}

export async function staticSitemapUrls(args: RequestArgs): Promise<SitemapUrl[]> {
  const origin = siteOrigin(args.request);
  const { api } = args.context;
  const [genres, franchises] = await Promise.all([api.genres.list(), api.franchises.list()]);
  return [
    ...SITE_SECTIONS.map((section) => ({ loc: `${origin}${section.path}` })),
    ...genres.map((genre) => ({ loc: `${origin}${genreReleasesPath(genre.id)}` })),
    ...franchises.map((franchise) => ({ loc: `${origin}${franchisePath(franchise.id)}` })),
  ];
}

/** The URLs of release file `fileNumber`, or null when the file does not exist. */
export async function releaseSitemapUrls(args: RequestArgs, fileNumber: number): Promise<SitemapUrl[] | null> {
  const { api } = args.context;
  const total = await countReleasesWith(api);
  const pages = upstreamPagesOfFile(fileNumber, total);
  if (pages.length === 0) return fileNumber === 1 ? [] : null;
  const origin = siteOrigin(args.request);
  const urls: SitemapUrl[][] = new Array(pages.length);
  let next = 0;
  async function worker() {
    while (next < pages.length) {
      const index = next++;
      const page = await api.catalog.releases({ ...releaseOrder, page: pages[index], limit: RELEASES_PER_REQUEST });
      urls[index] = page.items.map((release) => ({
        loc: `${origin}${releasePath(release.alias)}`,
        lastmod: release.freshAt ?? release.updatedAt,
      }));
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, pages.length) }, worker));
  return urls.flat();
}

/** The HTML sitemap page: sections, genres, franchises and one page of releases. */
export function loadSitemapPage(args: RequestArgs) {
  const { request } = args;
  const pageNumber = parsePageQuery(request);
  const { api } = args.context;
  return withRouteErrors(request, async () => {
    const [genres, franchises, releases] = await Promise.all([
      api.genres.list(),
      api.franchises.list(),
      api.catalog.releases({ page: pageNumber, limit: RELEASES_PER_REQUEST, ...releaseOrder }),
    ]);
    assertPageExists(request, releases.pagination);
    return {
      genres: genres.map((genre) => ({ id: genre.id, name: genre.name })),
      franchises: franchises
        .map((franchise) => ({ id: franchise.id, name: franchise.name }))
        .sort((a, b) => a.name.localeCompare(b.name, "ru")),
      releases: {
        items: releases.items.map((release) => ({
          id: release.id,
          alias: release.alias,
          title: releaseTitle(release),
          year: release.year,
        })),
        pagination: releases.pagination,
      },
    };
  });
}
