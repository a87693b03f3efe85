// `/storage/*` of the embedded API (posters, HLS playlists and segments, uploaded avatars) answered before Remix:
// the same answers as its resource route (app/routes/storage.$.ts), without the route matching, loader pipeline and
// web streams a page needs. A catalogue page asks for two dozen posters; through Remix each cost about 3.6 ms of
// server CPU (decision 0220).
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { fetchHeadersOf } from "./fetch-headers";

/** The embedded API's media answer, or null when a remote upstream serves its own media. */
export type EmbeddedMediaHandler = (request: Request) => Promise<Response | null>;

/** The request headers media answers read: byte ranges and revalidation. */
const FORWARDED_HEADERS = ["range", "if-none-match"] as const;

export function embeddedMedia(handle: EmbeddedMediaHandler) {
  return async (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    try {
      const headers = fetchHeadersOf(request, FORWARDED_HEADERS);
      // originalUrl keeps the /storage prefix the mount strips; the host is irrelevant to a file's answer.
      const answer = await handle(new Request(`http://localhost${request.originalUrl}`, { method: request.method, headers }));
      if (!answer) return next();
      response.status(answer.status);
      answer.headers.forEach((value, name) => response.setHeader(name, value));
      response.end(request.method === "HEAD" || answer.body === null ? undefined : Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}
