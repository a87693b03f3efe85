// The static middleware asks the disk about every request (a `stat` per page view); pages are never files of
// the client build, so only addresses whose first segment names one of its entries are passed to it.
import { existsSync, readdirSync } from "node:fs";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";

export function onlyForBuildEntries(directory: string, serveStatic: RequestHandler): RequestHandler {
  const entries = new Set(existsSync(directory) ? readdirSync(directory) : []);
  return (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    const firstSegment = request.path.split("/", 2)[1] ?? "";
    let name: string;
    try {
      name = decodeURIComponent(firstSegment);
    } catch {
      return next();
    }
    if (!entries.has(name)) return next();
    return serveStatic(request, response, next);
  };
}
