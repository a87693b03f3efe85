// Each request's load context, made by the app's own module in the build (`createLoadContext`, re-exported by the
// server entry): one copy of the API client and its caches, in development (Vite's modules) as in production.
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest } from "express";
import type { createLoadContext } from "../app/.server/load-context.server";

function factoryOf(build: ServerBuild): typeof createLoadContext {
  const factory = (build.entry.module as { createLoadContext?: unknown }).createLoadContext;
  if (typeof factory !== "function") throw new Error("The build's server entry does not export createLoadContext");
  return factory as typeof createLoadContext;
}

export function loadContextFromBuild(
  build: ServerBuild | (() => Promise<ServerBuild>),
): (request: ExpressRequest, remixRequest: Request) => Promise<AppLoadContext> {
  // A production build is checked at start; development re-reads Vite's build, which changes as files are edited.
  const fixed = typeof build === "function" ? null : factoryOf(build);
  return async (request, remixRequest) => {
    const create = fixed ?? factoryOf(await (build as () => Promise<ServerBuild>)());
    // The visitor's address (read from the right of X-Forwarded-For as TRUST_PROXY says), for per-client rate limits.
    return create(remixRequest, { clientIp: request.ip ?? null });
  };
}
