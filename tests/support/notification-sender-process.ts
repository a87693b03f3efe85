// One notification sender in a process of its own, as a replica runs it (decision 0284), for the tests and the bench
// that start several: its rounds on the store named in its argument (a SQLite file or a Redis with a prefix),
// sending to push services on loopback. Prints `leader` or `follower` after each round it finishes.
// Run with tsx: tsx tests/support/notification-sender-process.ts '<JSON of SenderProcessOptions>'
import { once } from "node:events";
import type { ApiCalls } from "~/.server/api/handle";
import type { NotificationStore } from "~/.server/notifications/notification-store.server";
import { openNotificationsDb } from "~/.server/notifications/notifications-db.server";
import type { Vapid } from "~/.server/notifications/push-send.server";
import { redisNotificationStore } from "~/.server/notifications/redis-store.server";
import { sqliteNotificationStore } from "~/.server/notifications/sqlite-store.server";
import { loopbackHopsForTests } from "~/.server/outbound-fetch.server";
import { createRedisConnection } from "~/.server/redis.server";
import { senderRound, type SenderBounds } from "~/features/episode-bell/sender.server";

export type SenderProcessOptions = {
  store: { kind: "sqlite"; file: string } | { kind: "redis"; url: string; prefix: string };
  vapid: Vapid;
  leaseMs: number;
  /** The pause between the end of one round and the start of the next. */
  roundMs: number;
  bounds: SenderBounds;
  /** The embedded API's address to watch; none: the watcher finds nothing new. */
  upstreamOrigin?: string;
};

const options = JSON.parse(process.argv[2] ?? "{}") as SenderProcessOptions;

/** The store, once it answers: a sender whose Redis is not up yet reports rounds it could not try. */
async function storeOf(spec: SenderProcessOptions["store"]): Promise<NotificationStore> {
  if (spec.kind === "sqlite") return sqliteNotificationStore(openNotificationsDb(spec.file));
  const connection = createRedisConnection(spec.url);
  await once(connection, "ready");
  return redisNotificationStore(connection, spec.prefix);
}

const noUpstream = { releases: { latestCards: async () => [] } } as unknown as ApiCalls;

async function upstreamOf(origin: string | undefined): Promise<ApiCalls> {
  if (!origin) return noUpstream;
  const { callsOf } = await import("~/.server/api/handle");
  const { apiContext, sharedContext } = await import("~/.server/api/context");
  return callsOf(sharedContext(apiContext(new Request(`${origin}/`))));
}

const store = await storeOf(options.store);
const sender = {
  lease: store.lease(options.leaseMs),
  vapid: options.vapid,
  api: await upstreamOf(options.upstreamOrigin),
  policy: loopbackHopsForTests(),
  bounds: options.bounds,
  store,
  roundMs: options.roundMs,
};
const holder = `process-${process.pid}`;
for (let round = 1; ; round += 1) {
  const leader = await senderRound(sender, holder, round);
  process.stdout.write(`${leader ? "leader" : "follower"}\n`);
  await new Promise((resolve) => setTimeout(resolve, options.roundMs));
}
