// Each request's load context, made by the app's own module (`createLoadContext`, one of the server hooks loaded
// through the build): one copy of the API client and its caches, in development (Vite's modules) as in production.
import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest } from "express";
import type { ServerHooks } from "./server-hooks";

export function loadContextFromHooks(
  hooks: ServerHooks | (() => Promise<ServerHooks>),
): (request: ExpressRequest, remixRequest: Request) => Promise<AppLoadContext> {
  // Development asks Vite each time (its module changes as files are edited); production's hooks are fixed at start.
  return async (request, remixRequest) => {
    const { createLoadContext } = typeof hooks === "function" ? await hooks() : hooks;
    // The visitor's address (read from the right of X-Forwarded-For as TRUST_PROXY says), for per-client rate limits.
    return createLoadContext(remixRequest, { clientIp: request.ip ?? null });
  };
}
