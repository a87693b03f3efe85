// Loads what the XML sitemaps list: sections, genres and franchises (static.xml) and every release (releases-N.xml).
import { getCatalogReleases } from "~/.server/api/catalog";
import { getFranchises } from "~/.server/api/franchises";
import { getGenres } from "~/.server/api/genres";
import { siteOrigin } from "~/.server/site-origin.server";
import { franchisePath, genreReleasesPath, releasePath } from "~/domain/site-paths";
import { SITE_SECTIONS } from "./site-sections";
import { RELEASES_PER_REQUEST, type SitemapUrl, upstreamPagesOfFile } from "./sitemap-xml";

/** Upstream calls in flight at once while a release file is assembled. */
const PARALLEL_REQUESTS = 4;
/** Search engines fetch sitemaps rarely; an hour of caching spares the upstream. */
export const SITEMAP_CACHE_CONTROL = "public, max-age=3600, s-maxage=3600";

/** The newest-first order keeps `lastmod` meaningful and puts fresh releases in the first file. */
const releaseOrder = { sorting: "FRESH_AT_DESC" } as const;

export async function countReleases(request: Request): Promise<number> {
  const page = await getCatalogReleases(request, { ...releaseOrder, page: 1, limit: 1 });
  return page.pagination.total;
}

export async function staticSitemapUrls(request: Request): Promise<SitemapUrl[]> {
  const origin = siteOrigin(request);
  const [genres, franchises] = await Promise.all([getGenres(request), getFranchises(request)]);
  return [
    ...SITE_SECTIONS.map((section) => ({ loc: `${origin}${section.path}` })),
    ...genres.map((genre) => ({ loc: `${origin}${genreReleasesPath(genre.id)}` })),
    ...franchises.map((franchise) => ({ loc: `${origin}${franchisePath(franchise.id)}` })),
  ];
}

/** The URLs of release file `fileNumber`, or null when the file does not exist. */
export async function releaseSitemapUrls(request: Request, fileNumber: number): Promise<SitemapUrl[] | null> {
  const total = await countReleases(request);
  const pages = upstreamPagesOfFile(fileNumber, total);
  if (pages.length === 0) return fileNumber === 1 ? [] : null;
  const origin = siteOrigin(request);
  const urls: SitemapUrl[][] = new Array(pages.length);
  let next = 0;
  async function worker() {
    while (next < pages.length) {
      const index = next++;
      const page = await getCatalogReleases(request, { ...releaseOrder, page: pages[index], limit: RELEASES_PER_REQUEST });
      urls[index] = page.items.map((release) => ({
        loc: `${origin}${releasePath(release.alias)}`,
        lastmod: release.freshAt ?? release.updatedAt,
      }));
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, pages.length) }, worker));
  return urls.flat();
}
