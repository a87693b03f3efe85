// From a new episode to the devices (decisions 0284, 0290): an episode added to the upstream (the embedded API's
// SQLite file, as its catalogue import writes one) → the push received and decrypted by the stand-in push service
// (tests/support/push-service.ts), for 1,000 subscribed devices. Each sample is one device's message, from the
// episode's write to its arrival. The sender runs as a process runs it (its rounds and lease, the app's API client
// on the embedded API); each episode is added at a random moment of the sender's round, with the round short (what
// the sending itself takes) and at its default, NOTIFICATION_ROUND_SECONDS (what a viewer waits). On the SQLite file, and on Redis when
// redis-server is installed (with the memory Redis needs per device and per message). The stand-in answers as a push
// service BENCH_PUSH_ROUND_TRIP_MS away over https would (default 60 ms, Moscow to a European data centre; 0 for
// loopback alone). Prints `{"rows": [...]}` as its last line for `npm run bench`.
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { NotificationStore } from "~/.server/notifications/notification-store.server";
import { freePort, REDIS_SERVER, startRedis } from "../../tests/support/real-servers";
import { addEpisode } from "../../tests/support/new-episode";
import { PushServiceStandIn } from "../../tests/support/push-service";
import { newVapidKeyPair } from "../lib/vapid-keys.mjs";
import { percentile } from "./bench-helpers";

const DEVICES = 1_000;
const DEVICES_PER_ACCOUNT = 10;
const quick = process.env.BENCH_QUICK === "1";
const SHORT_ROUND_MS = 2_000;
const P95_TARGET_MS = 60_000;
const PUSH_ROUND_TRIP_MS = Number(process.env.BENCH_PUSH_ROUND_TRIP_MS ?? 60);

const directory = mkdtempSync(path.join(tmpdir(), "bench-notifications-"));
process.env.EMBEDDED_API_DB = path.join(directory, "embedded-api.sqlite");
process.env.NOTIFICATIONS_DB = path.join(directory, "notifications.sqlite");
// The stand-in listens on loopback, which only a non-production process may send to.
process.env.NODE_ENV = "development";

const { callsOf } = await import("~/.server/api/handle");
const { apiContext, sharedContext } = await import("~/.server/api/context");
const { setBell } = await import("~/.server/notifications/bells.server");
const { recordEpisodes } = await import("~/.server/notifications/deliveries.server");
const { openNotificationsDb } = await import("~/.server/notifications/notifications-db.server");
const { addSubscription } = await import("~/.server/notifications/push-subscriptions.server");
const { redisNotificationStore } = await import("~/.server/notifications/redis-store.server");
const { sqliteNotificationStore } = await import("~/.server/notifications/sqlite-store.server");
const { loopbackHopsForTests } = await import("~/.server/outbound-fetch.server");
const { createRedisConnection } = await import("~/.server/redis.server");
const { episodesOf, runSender } = await import("~/features/episode-bell/sender.server");
const { getEnv } = await import("~/.server/env.server");
const DEFAULT_ROUND_MS = getEnv().NOTIFICATION_ROUND_SECONDS * 1000;

type Row = { benchmark: string; metric: string; value: number | string; unit: string; target: string; pass: boolean | null };
const rows: Row[] = [];
const BENCHMARK = `new episode → push, ${DEVICES.toLocaleString("en")} devices`;

const vapid = { ...newVapidKeyPair(), subject: "mailto:bench@example.com" };
const service = await new PushServiceStandIn(vapid.publicKey, PUSH_ROUND_TRIP_MS).start();
const api = callsOf(sharedContext(apiContext(new Request("http://localhost:3000/"))));

/** A release of the upstream's latest with an episode out: the one the devices ring for. */
async function belledRelease() {
  const latest = await api.releases.latestCards(50);
  const { items } = await api.releases.byIds({ ids: latest.map((card) => card.id), limit: latest.length });
  const release = items.find((item) => item.episodes.length > 0);
  if (!release) throw new Error("no release with episodes among the latest");
  return release;
}

const release = await belledRelease();
const upstream = new Database(process.env.EMBEDDED_API_DB!);
upstream.pragma("busy_timeout = 5000");

/** 1,000 devices of 100 accounts, each ringing for the release; its episodes out now are known, not news. */
async function subscribeDevices(store: NotificationStore): Promise<void> {
  const now = Date.now();
  for (let account = 0; account < DEVICES / DEVICES_PER_ACCOUNT; account += 1) {
    const owner = { kind: "account", accountId: 1_000_000 + account } as const;
    const title = { id: release.id, alias: release.alias, title: release.name.main };
    await setBell({ owner, release: title, mode: "all", inLists: false }, now, store);
    for (let index = 0; index < DEVICES_PER_ACCOUNT; index += 1) {
      const added = await addSubscription(
        owner,
        service.device(),
        `198.18.${Math.floor(account / 250)}.${(account % 250) + 1}`,
        now,
        store,
      );
      if (!added.ok) throw new Error(`device refused: ${added.reason}`);
    }
  }
  await recordEpisodes(episodesOf(await api.releases.get(release.id)), now, store);
}

/** Episodes added at random moments of the sender's rounds; the arrival delay of every device's message. */
async function measure(store: NotificationStore, roundMs: number, episodes: number): Promise<number[]> {
  const sender = runSender({ lease: store.lease(3 * roundMs), vapid, api, policy: loopbackHopsForTests(), store, roundMs });
  const delays: number[] = [];
  try {
    for (let trial = 0; trial < episodes; trial += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * roundMs));
      const before = service.received.length;
      addEpisode(upstream, release.id, randomUUID());
      const addedAt = performance.now();
      await service.untilReceived(before + DEVICES);
      delays.push(...service.received.slice(before, before + DEVICES).map((message) => message.at - addedAt));
    }
  } finally {
    await sender.stop();
  }
  return delays;
}

function report(storeName: string, roundMs: number, delays: number[], episodes: number): void {
  const label = `${storeName}, round ${roundMs / 1000} s, ${episodes} episodes, push service ${PUSH_ROUND_TRIP_MS} ms away`;
  const p95 = percentile(delays, 0.95);
  rows.push(
    { benchmark: BENCHMARK, metric: `p50 (${label})`, value: percentile(delays, 0.5) / 1000, unit: "s", target: "", pass: null },
    { benchmark: BENCHMARK, metric: `p95 (${label})`, value: p95 / 1000, unit: "s", target: "≤ 60", pass: p95 <= P95_TARGET_MS },
    { benchmark: BENCHMARK, metric: `max (${label})`, value: Math.max(...delays) / 1000, unit: "s", target: "", pass: null },
  );
}

async function usedMemory(connection: ReturnType<typeof createRedisConnection>): Promise<number> {
  const info = await connection.info("memory");
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
}

try {
  const sqlite = sqliteNotificationStore(openNotificationsDb(process.env.NOTIFICATIONS_DB!));
  await subscribeDevices(sqlite);
  const shortEpisodes = quick ? 2 : 5;
  report("SQLite", SHORT_ROUND_MS, await measure(sqlite, SHORT_ROUND_MS, shortEpisodes), shortEpisodes);
  const defaultEpisodes = quick ? 1 : 3;
  report("SQLite", DEFAULT_ROUND_MS, await measure(sqlite, DEFAULT_ROUND_MS, defaultEpisodes), defaultEpisodes);

  if (REDIS_SERVER) {
    const redis = await startRedis(await freePort());
    const connection = createRedisConnection(redis.url);
    await once(connection, "ready");
    try {
      const redisStore = redisNotificationStore(connection, "bench:");
      const empty = await usedMemory(connection);
      await subscribeDevices(redisStore);
      const subscribed = await usedMemory(connection);
      report("Redis", SHORT_ROUND_MS, await measure(redisStore, SHORT_ROUND_MS, shortEpisodes), shortEpisodes);
      const sent = await usedMemory(connection);
      rows.push(
        {
          benchmark: BENCHMARK,
          metric: "Redis memory per device (with its owner's bell)",
          value: (subscribed - empty) / DEVICES,
          unit: "B",
          target: "",
          pass: null,
        },
        {
          benchmark: BENCHMARK,
          metric: "Redis memory per message kept",
          value: (sent - subscribed) / (DEVICES * shortEpisodes),
          unit: "B",
          target: "",
          pass: null,
        },
      );
    } finally {
      await connection.quit();
      await redis.stop();
    }
  }
} finally {
  await service.stop();
  upstream.close();
  rmSync(directory, { recursive: true, force: true });
}

console.log(JSON.stringify({ rows }));
process.exit(0);
