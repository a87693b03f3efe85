// Besides the address and the cookies, what makes one visitor's copy of a public page differ from another's:
// crawlers get the page rendered whole, the layout follows the viewport guessed from the browser, and the
// visitor's location decides what is hidden (torrents), and Save-Data asks for smaller pictures. The shared page cache (server/page-cache.ts) keeps
// one copy per variant, and none while the visitor's location is not known yet.
import { asksToSaveData, SAVE_DATA_HEADER } from "~/domain/low-data";
import { isCrawler } from "./crawler.server";
import { readPreferences } from "./preferences.server";
import { knownVisitorLocation } from "./root-data.server";

export function pageCacheVariant(request: Request): string | null {
  const location = knownVisitorLocation(request, request.headers.get("x-forwarded-for"));
  if (location === undefined) return null;
  return JSON.stringify([
    isCrawler(request.headers.get("User-Agent")),
    readPreferences(request).viewport,
    location,
    asksToSaveData(request.headers.get(SAVE_DATA_HEADER)),
  ]);
}
