// What the HTTP server in front (server/main.ts) asks of the app: what the page cache keys on, the embedded API's
// media, the process's Redis connection, its event streams (ended at shutdown) and each request's load context. A second entry of the server build (build/server/server-hooks.js,
// scripts/server-hooks-entry.ts), loaded by the server beside the build: it shares the build's chunks, so every
// module here is the one the pages use, with one database, one Redis connection and one set of caches (decision 0259).
export { createLoadContext } from "~/.server/load-context.server";
export { serveEmbeddedMedia } from "~/.server/embedded-passthrough.server";
export { pageCacheVariant } from "~/.server/page-cache-variant.server";
export { closeSharedRedis, connectSharedRedis } from "~/.server/redis.server";
export { endEventStreams } from "~/.server/event-streams.server";
export { pageCacheCookies, pageCacheQueryParameters } from "./page-cache-keys.server";
export { startNotificationSender, stopNotificationSender } from "~/features/episode-bell/sender.server";
