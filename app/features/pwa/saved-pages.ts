// The pages the worker saved on this device, for the offline page's list (newest first).
import { OFFLINE_PATH, PAGE_CACHE } from "./worker-rules";

export type SavedPage = { path: string; title: string | null };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? entity;
  });
}

export function pageTitleFromHtml(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = match?.[1] ? decodeEntities(match[1]).trim() : "";
  return title === "" ? null : title;
}

export async function savedPages(storage: CacheStorage, origin: string): Promise<SavedPage[]> {
  if (!(await storage.has(PAGE_CACHE))) return [];
  const cache = await storage.open(PAGE_CACHE);
  const requests = await cache.keys();
  const pages = await Promise.all(
    requests.map(async (request): Promise<SavedPage | null> => {
      const url = new URL(request.url);
      if (url.origin !== origin || url.pathname === OFFLINE_PATH) return null;
      const response = await cache.match(request, { ignoreVary: true });
      const title = response ? pageTitleFromHtml(await response.text()) : null;
      return { path: `${url.pathname}${url.search}`, title };
    }),
  );
  return pages.filter((page): page is SavedPage => page !== null).reverse();
}
