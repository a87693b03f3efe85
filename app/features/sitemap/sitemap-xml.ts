// Sitemaps protocol 0.9: the index, the URL sets, and how release URLs are split into files.
export const MAX_URLS_PER_SITEMAP = 50_000;
/** The upstream's largest page (limit ≤ 50). */
export const RELEASES_PER_REQUEST = 50;

export type SitemapUrl = { loc: string; lastmod?: string | null };

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

/** A W3C date (YYYY-MM-DD) for `lastmod`, or null for a missing or broken date. */
export function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

function entry(tag: "url" | "sitemap", url: SitemapUrl): string {
  const lastmod = w3cDate(url.lastmod);
  return `<${tag}><loc>${escapeXml(url.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</${tag}>`;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => entry("url", url))
    .join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: readonly SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
    .map((sitemap) => entry("sitemap", sitemap))
    .join("\n")}\n</sitemapindex>\n`;
}

/** How many release files the index lists: at least one, so the index never points at nothing. */
export function releaseFileCount(totalReleases: number, perFile = MAX_URLS_PER_SITEMAP): number {
  return Math.max(1, Math.ceil(Math.max(0, totalReleases) / perFile));
}

/** The upstream pages (of `perRequest` releases) that make up release file `fileNumber` (1-based). */
export function upstreamPagesOfFile(
  fileNumber: number,
  totalReleases: number,
  perFile = MAX_URLS_PER_SITEMAP,
  perRequest = RELEASES_PER_REQUEST,
): number[] {
  const pagesPerFile = Math.ceil(perFile / perRequest);
  const lastPage = Math.ceil(Math.max(0, totalReleases) / perRequest);
  const first = (fileNumber - 1) * pagesPerFile + 1;
  const last = Math.min(fileNumber * pagesPerFile, lastPage);
  const pages: number[] = [];
  for (let page = first; page <= last; page += 1) pages.push(page);
  return pages;
}

export type SitemapFile = { kind: "static" } | { kind: "releases"; number: number };

/** `static.xml` or `releases-N.xml`; null for any other name. */
export function parseSitemapFileName(name: string | undefined): SitemapFile | null {
  if (name === "static.xml") return { kind: "static" };
  const match = /^releases-([1-9]\d{0,5})\.xml$/.exec(name ?? "");
  return match ? { kind: "releases", number: Number(match[1]) } : null;
}
