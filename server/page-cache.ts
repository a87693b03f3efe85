// A shared cache in front of the Remix handler, as a CDN would be: it keeps what the app marks
// `public, s-maxage=N` (visitors' pages, public API answers) for min(N, the configured seconds). The key is the
// address with only the query parameters its route reads (sorted), the cookies public pages read, and the app's
// variant (crawler, viewport, location), so a client cannot make copies of its own with made-up parameters or
// cookies. Each copy served gets a fresh CSP nonce. Bounded in entries and bytes (keys and headers counted),
// expired copies swept on a timer. Decisions 0090, 0247.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createBoundedCache, stringBytes } from "../app/.server/bounded-cache";
import { createNonce } from "../app/.server/security/content-security-policy.server";
import { requestOriginOf } from "./request-origin";

/** What makes copies of one URL differ beyond the cookies; null: do not cache this request. */
export type VariantOf = (request: ExpressRequest) => string | null;

/**
 * The query parameters the route at a path reads ("any": all of them count), or null when nobody said: such a route
 * may read other parameters or cookies, and is not cached.
 */
export type QueryParametersOf = (path: string) => ReadonlySet<string> | "any" | null;

export type PageCookies = {
  /** Cookies public pages read: their values are part of the key. */
  keyed: readonly string[];
  /** Cookies that make the answer one browser's own (a session): such a request never meets the cache. */
  personal: readonly string[];
};

export type PageCacheOptions = {
  /** The longest any answer is kept, whatever its s-maxage says; 0 turns the cache off. */
  maxAgeSeconds: number;
  variantOf: VariantOf;
  queryParametersOf: QueryParametersOf;
  cookies: PageCookies;
  maxBytes?: number;
  maxEntries?: number;
  now?: () => number;
};

type Entry = {
  headers: [string, string | string[]][];
  /** The body cut at each occurrence of the nonce, so a copy is the parts joined by a new one. */
  bodyParts: Buffer[];
  /** Body and headers; the key is counted by the cache itself. */
  bytes: number;
  nonce: string | null;
  storedAt: number;
};

export const DEFAULT_PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const DEFAULT_PAGE_CACHE_MAX_ENTRIES = 2000;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** Longer keys are not cached: no page of ours has an address, kept query and cookies that long. */
export const MAX_KEY_CHARS = 4096;
/** The kept cookies: a theme, a viewport, an age check and a time zone take well under this. */
export const MAX_KEYED_COOKIE_CHARS = 256;
/** Parameters Remix itself reads on every route: the routes a data request asks for, an index route's own. */
const ROUTER_PARAMETERS: ReadonlySet<string> = new Set(["_routes", "index"]);
/** Set per connection or by the compression that runs after the cache, never stored. */
const UNSTORED_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "age",
  "x-page-cache",
]);
const NONCE_PATTERN = /'nonce-([^']+)'/;

/** Seconds a shared cache may keep an answer with this Cache-Control, or 0. */
export function sharedMaxAge(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((directive) => directive.trim());
  if (!directives.includes("public") || directives.some((directive) => ["private", "no-store", "no-cache"].includes(directive))) return 0;
  const sMaxAge = directives.find((directive) => directive.startsWith("s-maxage="));
  const seconds = Number(sMaxAge?.slice("s-maxage=".length));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

function splitAt(body: Buffer, separator: string | null): Buffer[] {
  if (!separator) return [body];
  const parts: Buffer[] = [];
  let start = 0;
  for (let found = body.indexOf(separator, start); found !== -1; found = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, found));
    start = found + Buffer.byteLength(separator);
  }
  parts.push(body.subarray(start));
  return parts;
}

function joinParts(parts: Buffer[], separator: Buffer): Buffer {
  if (parts.length === 1) return parts[0] as Buffer;
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
}

function isCacheableRequest(request: ExpressRequest): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.authorization && !request.headers.range;
}

type PageKey = {
  key: string;
  /**
   * The address with only the parameters the route reads, when the request had others: the page is rendered for it,
   * so the copy is the same whoever asked, and nothing a client made up is echoed into a shared page.
   */
  keptAddress: string | null;
};

/** The query as the key holds it: only what the route reads, sorted by name; null when it cannot be cached. */
function keptQuery(query: string, parameters: ReadonlySet<string> | "any" | null): { query: string; complete: boolean } | null {
  if (parameters === null) return null;
  if (query === "") return { query: "", complete: true };
  if (parameters === "any") return { query, complete: true };
  const all = [...new URLSearchParams(query)];
  const kept = all.filter(([name]) => parameters.has(name) || ROUTER_PARAMETERS.has(name));
  // A stable sort: repeated parameters keep their order, which lists read.
  kept.sort(([first], [second]) => (first < second ? -1 : first > second ? 1 : 0));
  return { query: new URLSearchParams(kept).toString(), complete: kept.length === all.length };
}

/** The kept cookies as `name=value; …` sorted by name; null when a personal cookie is present or they are too long. */
function keptCookies(header: string | undefined, cookies: PageCookies): string | null {
  if (!header) return "";
  const kept: string[] = [];
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    const name = (separator === -1 ? part : part.slice(0, separator)).trim();
    if (cookies.personal.includes(name)) return null;
    if (cookies.keyed.includes(name)) kept.push(`${name}=${separator === -1 ? "" : part.slice(separator + 1).trim()}`);
  }
  const joined = kept.sort().join("; ");
  return joined.length > MAX_KEYED_COOKIE_CHARS ? null : joined;
}

function pageKeyOf(request: ExpressRequest, variant: string, queryParametersOf: QueryParametersOf, cookies: PageCookies): PageKey | null {
  const queryStart = request.originalUrl.indexOf("?");
  const path = queryStart === -1 ? request.originalUrl : request.originalUrl.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? "" : request.originalUrl.slice(queryStart + 1);
  const query = keptQuery(rawQuery, queryParametersOf(path));
  const cookie = keptCookies(request.headers.cookie, cookies);
  if (!query || cookie === null) return null;
  // The origin Remix builds the page's URL from (canonical, Open Graph, JSON-LD): a trusted proxy's X-Forwarded-Host
  // renders a page of its own, never one served to visitors of the Host it came in on (decision 0281).
  const key = [`${requestOriginOf(request)}${path}?${query.query}`, cookie, variant].join("\n");
  if (key.length > MAX_KEY_CHARS) return null;
  return { key, keptAddress: query.complete ? null : query.query === "" ? path : `${path}?${query.query}` };
}

function headerBytes(headers: Entry["headers"]): number {
  let bytes = 0;
  for (const [name, value] of headers)
    bytes += stringBytes(name) + (Array.isArray(value) ? value.reduce((sum, item) => sum + stringBytes(item), 0) : stringBytes(value));
  return bytes;
}

export function createPageCache({
  maxAgeSeconds,
  variantOf,
  queryParametersOf,
  cookies,
  maxBytes = DEFAULT_PAGE_CACHE_MAX_BYTES,
  maxEntries = DEFAULT_PAGE_CACHE_MAX_ENTRIES,
  now = Date.now,
}: PageCacheOptions) {
  const entries = createBoundedCache<Entry>({
    maxEntries,
    maxBytes,
    valueBytes: (entry) => entry.bytes,
    ttlMs: maxAgeSeconds * 1000,
    now,
  });

  function serve(entry: Entry, request: ExpressRequest, response: ExpressResponse) {
    const nonce = entry.nonce ? createNonce() : null;
    for (const [name, value] of entry.headers) {
      response.setHeader(
        name,
        nonce && name === "content-security-policy" ? String(value).replaceAll(entry.nonce as string, nonce) : value,
      );
    }
    response.setHeader("Age", String(Math.floor((now() - entry.storedAt) / 1000)));
    response.setHeader("X-Page-Cache", "hit");
    response.status(200);
    if (request.method === "HEAD") return response.end();
    response.end(joinParts(entry.bodyParts, Buffer.from(nonce ?? "")));
  }

  /** Collects what the app writes and stores it once the answer turns out to be shareable. */
  function capture(key: string, request: ExpressRequest, response: ExpressResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > MAX_ENTRY_BYTES) tooLarge = true;
      else chunks.push(buffer);
    };
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ExpressResponse;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as ExpressResponse["write"];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as ExpressResponse["end"];
    response.setHeader("X-Page-Cache", "miss");

    response.on("finish", () => {
      const seconds = Math.min(sharedMaxAge(response.getHeader("cache-control")?.toString()), maxAgeSeconds);
      if (tooLarge || request.method !== "GET" || response.statusCode !== 200 || seconds === 0 || response.getHeader("set-cookie")) return;
      const headers = Object.entries(response.getHeaders()).flatMap(([name, value]): [string, string | string[]][] =>
        value === undefined || UNSTORED_HEADERS.has(name) ? [] : [[name, typeof value === "number" ? String(value) : value]],
      );
      const nonce = response.getHeader("content-security-policy")?.toString().match(NONCE_PATTERN)?.[1] ?? null;
      const body = Buffer.concat(chunks);
      const entry: Entry = { headers, bodyParts: splitAt(body, nonce), bytes: body.length + headerBytes(headers), nonce, storedAt: now() };
      entries.set(key, entry, seconds * 1000);
    });
  }

  function middleware(request: ExpressRequest, response: ExpressResponse, next: NextFunction) {
    if (maxAgeSeconds <= 0 || !isCacheableRequest(request)) return next();
    let variant: string | null;
    try {
      variant = variantOf(request);
    } catch {
      variant = null;
    }
    if (variant === null) return next();
    const pageKey = pageKeyOf(request, variant, queryParametersOf, cookies);
    if (pageKey === null) return next();
    const hit = entries.get(pageKey.key);
    if (hit) return serve(hit, request, response);
    if (pageKey.keptAddress !== null) {
      request.url = pageKey.keptAddress;
      request.originalUrl = pageKey.keptAddress;
    }
    capture(pageKey.key, request, response);
    next();
  }

  return { middleware, size: entries.size, bytes: entries.bytes, sweep: entries.sweep, stop: entries.stop };
}
