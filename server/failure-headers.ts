// Failures are never stored by a cache, and refusals say when to come back (decision 0106): whatever the app
// or a middleware set, an answer with status 400 or more leaves as `no-store`, and a 429 or 503 without a
// Retry-After gets the default one. Checked as the status line is written, so it covers every answer.
import type { ServerResponse } from "node:http";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { NO_STORE_CACHE_CONTROL, RETRY_AFTER_SECONDS } from "../app/.server/http-cache.server";

const ASKS_TO_RETRY: ReadonlySet<number> = new Set([429, 503]);

/** Applies the failure policy to the headers of an answer with this status. */
export function markFailure(statusCode: number, response: Pick<ServerResponse, "setHeader" | "hasHeader">): void {
  if (statusCode < 400) return;
  response.setHeader("Cache-Control", NO_STORE_CACHE_CONTROL);
  if (ASKS_TO_RETRY.has(statusCode) && !response.hasHeader("retry-after")) response.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
}

export function failuresAreNotStored(_request: ExpressRequest, response: ExpressResponse, next: NextFunction) {
  const writeHead = response.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    markFailure(statusCode, this);
    // Headers handed to writeHead itself win over setHeader's: drop a Cache-Control among them.
    const handed = rest[rest.length - 1];
    if (statusCode >= 400 && handed && typeof handed === "object" && !Array.isArray(handed)) {
      for (const name of Object.keys(handed)) if (name.toLowerCase() === "cache-control") delete (handed as Record<string, unknown>)[name];
    }
    return writeHead.call(this, statusCode, ...rest);
  } as ExpressResponse["writeHead"];
  next();
}
