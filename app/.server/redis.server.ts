// The process's one Redis connection, made when REDIS_URL is set: the store of the rate limits, so they hold
// across workers and replicas (decision 0180). Settings so that a Redis that is down or hung never holds a
// request: nothing is queued while disconnected, a command gives up after a moment, reconnection goes on
// in the background.
import { Redis } from "ioredis";
import { getEnv } from "./env.server";
import { logInfo, logWarn } from "./log.server";

/** A command Redis has not answered by then counts as failed (the limiter then falls back to process memory). */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1_000;
const LONGEST_RECONNECT_PAUSE_MS = 2_000;

// One per process: the HTTP server opens and closes it through the app's server hooks (app/server-hooks.server.ts),
// which share this module with the pages (decision 0259).
let sharedConnection: Redis | undefined;

export function createRedisConnection(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, LONGEST_RECONNECT_PAUSE_MS),
  });
  // One line per outage, not one per reconnection attempt.
  let announcedOutage = false;
  redis.on("ready", () => {
    if (announcedOutage) logInfo("redis is back", { host: redis.options.host, port: redis.options.port });
    announcedOutage = false;
  });
  redis.on("error", (error: unknown) => {
    if (announcedOutage) return;
    announcedOutage = true;
    logWarn("redis is unreachable; rate limits are per process until it is back", { error });
  });
  return redis;
}

/** The shared connection, or null without REDIS_URL. */
export function sharedRedis(): Redis | null {
  const url = getEnv().REDIS_URL;
  if (!url) return null;
  sharedConnection ??= createRedisConnection(url);
  return sharedConnection;
}

/**
 * Opens the shared connection at start, so the first requests already count in Redis; resolves once it is up
 * or has failed to come up in time (the limits then run in memory until it does: Redis never stops the start).
 */
export async function connectSharedRedis(): Promise<void> {
  const redis = sharedRedis();
  if (!redis || redis.status === "ready") return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CONNECT_TIMEOUT_MS);
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Ends the shared connection, if any (graceful shutdown). */
export async function closeSharedRedis(): Promise<void> {
  const redis = sharedConnection;
  if (!redis) return;
  sharedConnection = undefined;
  await closeRedis(redis);
}

export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    // Not connected: nothing to say goodbye to.
    redis.disconnect();
  }
}
