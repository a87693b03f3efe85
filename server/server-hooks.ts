// The app's module for this server (app/server-hooks.server.ts), loaded through the app's build so it shares the
// pages' modules: in development from Vite's module graph, in production as build/server/server-hooks.js beside
// build/server/index.js (decision 0259). Checked once at start: a build without a hook stops the server, naming it.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppLoadContext } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import { z } from "zod";
import type { EmbeddedMediaHandler } from "./embedded-media";
import type { PageCookies } from "./page-cache";
import type { DeclaredParameters } from "./page-cache-routes";

/** The module's path in the sources (development) and its file in the server build (production). */
export const SERVER_HOOKS_SOURCE = "/app/server-hooks.server.ts";
export const SERVER_HOOKS_BUILD_FILE = "server-hooks.js";

export type ServerHooks = {
  /** What else than the address and cookies makes a copy of a public page (null: not cached). */
  pageCacheVariant: (request: Request) => string | null;
  pageCacheQueryParameters: DeclaredParameters;
  pageCacheCookies: () => PageCookies;
  serveEmbeddedMedia: EmbeddedMediaHandler;
  connectSharedRedis: () => Promise<void>;
  closeSharedRedis: () => Promise<void>;
  /** Ends the process's event streams as a shutdown starts (decision 0279). */
  endEventStreams: () => void;
  /** The new-episode notifications' sender: every process starts it, the lease's holder works (decision 0284). */
  startNotificationSender: () => void;
  stopNotificationSender: () => Promise<void>;
  /** Each request's load context: its API handle and the visitor's address. */
  createLoadContext: (request: Request, connection: { clientIp: string | null }) => AppLoadContext | Promise<AppLoadContext>;
};

// Checked as functions only: wrapping each in a validating function would tax every request.
const hook = <Fn>() => z.custom<Fn>((value) => typeof value === "function");

const ServerHooksSchema = z.object({
  pageCacheVariant: hook<ServerHooks["pageCacheVariant"]>(),
  pageCacheQueryParameters: z.record(z.union([z.array(z.string()).readonly(), z.literal("any")])),
  pageCacheCookies: hook<ServerHooks["pageCacheCookies"]>(),
  serveEmbeddedMedia: hook<ServerHooks["serveEmbeddedMedia"]>(),
  connectSharedRedis: hook<ServerHooks["connectSharedRedis"]>(),
  closeSharedRedis: hook<ServerHooks["closeSharedRedis"]>(),
  endEventStreams: hook<ServerHooks["endEventStreams"]>(),
  startNotificationSender: hook<ServerHooks["startNotificationSender"]>(),
  stopNotificationSender: hook<ServerHooks["stopNotificationSender"]>(),
  createLoadContext: hook<ServerHooks["createLoadContext"]>(),
});

export function serverHooksOf(module: unknown): ServerHooks {
  const parsed = ServerHooksSchema.safeParse(module);
  if (parsed.success) return parsed.data;
  const missing = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
  throw new Error(`the app's server hooks (${SERVER_HOOKS_SOURCE}) lack or mistype: ${missing}`);
}

/** Development: the module as Vite serves it to the pages' build, so both hold the same instances. */
export async function serverHooksFromVite(vite: ViteDevServer): Promise<ServerHooks> {
  return serverHooksOf(await vite.ssrLoadModule(SERVER_HOOKS_SOURCE));
}

/** Production: the build's second entry, beside its index.js. */
export async function serverHooksFromBuild(buildDirectory: string): Promise<ServerHooks> {
  return serverHooksOf(await import(pathToFileURL(path.join(buildDirectory, "server", SERVER_HOOKS_BUILD_FILE)).href));
}
