// Serves the build's precompressed copies of hashed scripts and stylesheets (scripts/precompress.mjs): Brotli
// when the browser accepts it, else gzip, else the plain file. The copies are listed once at start.
import { existsSync, readdirSync } from "node:fs";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

const CONTENT_TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };
const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

/** Picks the best encoding the browser accepts (`q=0` refuses one), in our order of preference. */
export function preferredEncoding(acceptEncoding: string | undefined, available: (extension: string) => boolean) {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, quality]) => !quality || !/^\s*q=0(\.0*)?\s*$/.test(quality))
      .map(([name]) => name?.trim()),
  );
  return ENCODINGS.find((encoding) => (accepted.has(encoding.name) || accepted.has("*")) && available(encoding.extension)) ?? null;
}

/** Middleware for the assets folder: rewrites `/x.js` to `/x.js.br` (or .gz) with the right headers, then lets static serve it. */
export function precompressedAssets(assetsDirectory: string) {
  const files = new Set(existsSync(assetsDirectory) ? readdirSync(assetsDirectory) : []);
  return (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    const name = request.path.slice(1);
    const extension = name.slice(name.lastIndexOf("."));
    const contentType = CONTENT_TYPES[extension];
    if (!contentType || (request.method !== "GET" && request.method !== "HEAD")) return next();
    response.vary("Accept-Encoding");
    const encoding = preferredEncoding(request.headers["accept-encoding"], (suffix) => files.has(`${name}${suffix}`));
    if (!encoding) return next();
    response.setHeader("Content-Type", contentType);
    response.setHeader("Content-Encoding", encoding.name);
    request.url = `/${name}${encoding.extension}`;
    next();
  };
}
