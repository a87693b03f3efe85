// A shared cache in front of the Remix handler, as a CDN would be: it keeps what the app marks
// `public, s-maxage=N` (visitors' pages, public API answers) for min(N, the configured seconds), keyed like
// HTTP says (URL, `Vary: Cookie`) plus the app's variant (crawler, viewport, location). Each copy served gets a
// fresh CSP nonce. Decision 0090.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createNonce } from "../app/.server/security/content-security-policy.server";

/** What makes copies of one URL differ beyond the cookies; null: do not cache this request. */
export type VariantOf = (request: ExpressRequest) => string | null;

export type PageCacheOptions = {
  /** The longest any answer is kept, whatever its s-maxage says; 0 turns the cache off. */
  maxAgeSeconds: number;
  variantOf: VariantOf;
  maxBytes?: number;
  now?: () => number;
};

type Entry = {
  key: string;
  headers: [string, string | string[]][];
  /** The body cut at each occurrence of the nonce, so a copy is the parts joined by a new one. */
  bodyParts: Buffer[];
  bytes: number;
  nonce: string | null;
  storedAt: number;
  expiresAt: number;
};

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
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

function keyOf(request: ExpressRequest, variant: string): string {
  return [`${request.protocol}://${request.get("host") ?? ""}${request.originalUrl}`, request.headers.cookie ?? "", variant].join("\n");
}

export function createPageCache({ maxAgeSeconds, variantOf, maxBytes = DEFAULT_MAX_BYTES, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let storedBytes = 0;

  function forget(entry: Entry) {
    if (entries.get(entry.key) !== entry) return;
    entries.delete(entry.key);
    storedBytes -= entry.bytes;
  }

  function store(entry: Entry) {
    const previous = entries.get(entry.key);
    if (previous) forget(previous);
    entries.set(entry.key, entry);
    storedBytes += entry.bytes;
    // Map order is insertion order and hits re-insert: the first entries are the least recently used.
    for (const oldest of entries.values()) {
      if (storedBytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function lookup(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      forget(entry);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

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
      const storedAt = now();
      store({ key, headers, bodyParts: splitAt(body, nonce), bytes: body.length, nonce, storedAt, expiresAt: storedAt + seconds * 1000 });
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
    const key = keyOf(request, variant);
    const hit = lookup(key);
    if (hit) return serve(hit, request, response);
    capture(key, request, response);
    next();
  }

  return { middleware, size: () => entries.size, bytes: () => storedBytes };
}
