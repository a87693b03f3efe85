// The rules of episode notifications on both stores (decision 0284): the same suite on the SQLite file and on a
// real redis-server, so replicas on one host and on several keep the same bounds and send each message once.
import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BellOwner } from "~/domain/episode-bell";
import {
  bellModeOf,
  bellsOf,
  MAX_BELLS_PER_OWNER,
  noteListMembership,
  setBell,
  sweepVisitors,
  VISITOR_RETENTION_MS,
} from "~/.server/notifications/bells.server";
import {
  claimDueDeliveries,
  DELIVERY_RETENTION_MS,
  episodesSince,
  MAX_ATTEMPTS,
  queueDeliveries,
  recordEpisodes,
  settleDelivery,
  sweepSeenEpisodes,
  type SeenEpisode,
} from "~/.server/notifications/deliveries.server";
import type { NotificationStore } from "~/.server/notifications/notification-store.server";
import { openNotificationsDb } from "~/.server/notifications/notifications-db.server";
import {
  addSubscription,
  deviceCountOf,
  MAX_DEVICES_PER_ADDRESS,
  MAX_DEVICES_PER_OWNER,
} from "~/.server/notifications/push-subscriptions.server";
import { redisNotificationStore } from "~/.server/notifications/redis-store.server";
import { sqliteNotificationStore } from "~/.server/notifications/sqlite-store.server";
import { noteVisit, saveQuietHours, NEW_VISIT_AFTER_MS } from "~/.server/notifications/viewer-settings.server";
import { createRedisConnection } from "~/.server/redis.server";
import { freePort, REDIS_SERVER, startRedis, type RunningProgram } from "../support/real-servers";

const alice: BellOwner = { kind: "account", accountId: 1 };
const bob: BellOwner = { kind: "account", accountId: 2 };
const visitor: BellOwner = { kind: "visitor", visitorId: "AAAAAAAAAAAAAAAAAAAAAA" };

function release(id: number) {
  return { id, alias: `release-${id}`, title: `Тайтл ${id}` };
}

function device(host = "push.example.com") {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  return {
    endpoint: `https://${host}/send/${randomBytes(12).toString("base64url")}`,
    p256dh: curve.getPublicKey("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

function episode(releaseId: number, ordinal: number): SeenEpisode {
  return {
    episodeId: `e-${releaseId}-${ordinal}`,
    releaseId,
    ordinal,
    alias: `release-${releaseId}`,
    title: `Тайтл ${releaseId}`,
    poster: null,
  };
}

let redis: (RunningProgram & { url: string }) | undefined;
let connection: ReturnType<typeof createRedisConnection> | undefined;
let storesMade = 0;

beforeAll(async () => {
  if (!REDIS_SERVER) return;
  redis = await startRedis(await freePort());
  connection = createRedisConnection(redis.url);
  await new Promise((resolve) => connection!.once("ready", resolve));
});

afterAll(async () => {
  await connection?.quit();
  await redis?.stop();
});

/** A fresh, empty store per test: a SQLite file in memory, or a prefix of its own on the one Redis. */
const STORES: { name: string; skip: boolean; make: () => NotificationStore }[] = [
  { name: "SQLite", skip: false, make: () => sqliteNotificationStore(openNotificationsDb(":memory:")) },
  { name: "Redis", skip: !REDIS_SERVER, make: () => redisNotificationStore(connection!, `test${(storesMade += 1)}:`) },
];

describe.each(STORES)("on $name", ({ skip, make }) => {
  let store: NotificationStore;
  beforeEach(({ skip: skipTest }) => {
    if (skip) skipTest();
    store = make();
  });

  describe("bells", () => {
    it("keep three states per owner and title, off being no row", async () => {
      await setBell({ owner: alice, release: release(7), mode: "all", inLists: false }, 1, store);
      await setBell({ owner: bob, release: release(7), mode: "lists", inLists: true }, 1, store);
      expect(await bellModeOf(alice, 7, store)).toBe("all");
      expect(await bellModeOf(bob, 7, store)).toBe("lists");
      expect(await bellModeOf(visitor, 7, store)).toBe("off");
      await setBell({ owner: alice, release: release(7), mode: "off", inLists: false }, 2, store);
      expect(await bellsOf(alice, store)).toEqual([]);
      expect(await bellsOf(bob, store)).toHaveLength(1);
    });

    it("stop at MAX_BELLS_PER_OWNER titles, while changing one already on still works", async () => {
      for (let id = 1; id <= MAX_BELLS_PER_OWNER; id += 1) {
        expect(await setBell({ owner: visitor, release: release(id), mode: "all", inLists: false }, id, store)).toEqual({ ok: true });
      }
      expect(await setBell({ owner: visitor, release: release(MAX_BELLS_PER_OWNER + 1), mode: "all", inLists: false }, 0, store)).toEqual({
        ok: false,
        reason: "too-many",
      });
      expect(await setBell({ owner: visitor, release: release(1), mode: "off", inLists: false }, 0, store)).toEqual({ ok: true });
      expect(await bellsOf(visitor, store)).toHaveLength(MAX_BELLS_PER_OWNER - 1);
    });

    it("forget a visitor who has not come back for the retention time", async () => {
      await setBell({ owner: visitor, release: release(1), mode: "all", inLists: false }, 1_000, store);
      await setBell({ owner: alice, release: release(1), mode: "all", inLists: false }, 1_000, store);
      expect(await sweepVisitors(1_000 + VISITOR_RETENTION_MS - 1, store)).toBe(0);
      expect(await sweepVisitors(1_000 + VISITOR_RETENTION_MS + 1, store)).toBe(1);
      expect(await bellsOf(visitor, store)).toEqual([]);
      expect(await bellsOf(alice, store)).toHaveLength(1);
    });
  });

  describe("push subscriptions", () => {
    it("are bounded per owner and per address; the same device again is no new row", async () => {
      const first = device();
      expect(await addSubscription(alice, first, "198.51.100.1", 1, store)).toEqual({ ok: true });
      expect(await addSubscription(alice, first, "198.51.100.1", 2, store)).toEqual({ ok: true });
      expect(await deviceCountOf(alice, store)).toBe(1);
      for (let index = 1; index < MAX_DEVICES_PER_OWNER; index += 1) await addSubscription(alice, device(), "198.51.100.1", 3, store);
      expect(await addSubscription(alice, device(), "198.51.100.2", 4, store)).toEqual({ ok: false, reason: "too-many-for-owner" });
      // Alice's devices came from one address; other visitors there fill it up.
      for (let index = MAX_DEVICES_PER_OWNER; index < MAX_DEVICES_PER_ADDRESS; index += 1) {
        const owner: BellOwner = { kind: "visitor", visitorId: `visitor${String(index).padStart(15, "0")}` };
        expect(await addSubscription(owner, device(), "198.51.100.1", 5, store)).toEqual({ ok: true });
      }
      expect(await addSubscription(bob, device(), "198.51.100.1", 6, store)).toEqual({ ok: false, reason: "too-many-for-address" });
      expect(await addSubscription(bob, device(), "198.51.100.3", 6, store)).toEqual({ ok: true });
    });
  });

  describe("deliveries", () => {
    /** The episode comes out: recorded (the release was seen before) and queued. */
    async function comesOut(seen: SeenEpisode, now: number): Promise<number> {
      await recordEpisodes([seen], now, store);
      return await queueDeliveries(seen, now, store);
    }

    async function subscribed(owner: BellOwner, mode: "all" | "lists", inLists = false) {
      await setBell({ owner, release: release(5), mode, inLists }, 10, store);
      await addSubscription(owner, device(), `198.51.100.${owner.kind === "account" ? owner.accountId : 9}`, 10, store);
    }

    it("a release seen for the first time is recorded silently; later episodes are news once", async () => {
      expect(await recordEpisodes([episode(5, 1), episode(5, 2)], 100, store)).toEqual([]);
      expect(await recordEpisodes([episode(5, 1), episode(5, 2), episode(5, 3)], 200, store)).toEqual([episode(5, 3)]);
      expect(await recordEpisodes([episode(5, 3)], 300, store)).toEqual([]);
    });

    it("one row per device and episode, ever: queuing again or after sending adds nothing", async () => {
      await subscribed(alice, "all");
      await subscribed(bob, "lists", false);
      expect(await comesOut(episode(5, 3), 100)).toBe(1);
      expect(await queueDeliveries(episode(5, 3), 101, store)).toBe(0);
      const [due] = await claimDueDeliveries(10, 100, store);
      expect(due?.subscription.owner).toBe("a:1");
      // Claimed: no second sender takes it.
      expect(await claimDueDeliveries(10, 100, store)).toEqual([]);
      await settleDelivery(due!, "sent", 100, store);
      expect(await queueDeliveries(episode(5, 3), 102, store)).toBe(0);
      expect(await claimDueDeliveries(10, 10_000_000, store)).toEqual([]);
    });

    it("«Только в избранном/списках» rings while the title is in a list", async () => {
      await subscribed(bob, "lists", false);
      expect(await comesOut(episode(5, 3), 100)).toBe(0);
      await noteListMembership(bob, 5, true, store);
      expect(await comesOut(episode(5, 4), 100)).toBe(1);
    });

    it("queue at most their bound: past it a message is recorded failed, never sent, and never queued again", async () => {
      for (const accountId of [11, 12, 13]) await subscribed({ kind: "account", accountId }, "all");
      await recordEpisodes([episode(5, 3)], 100, store);
      expect(await queueDeliveries(episode(5, 3), 100, store, 2)).toBe(2);
      expect(await claimDueDeliveries(10, 100, store)).toHaveLength(2);
      expect(await queueDeliveries(episode(5, 3), 101, store)).toBe(0);
    });

    it("retries with a growing pause, gives up after MAX_ATTEMPTS, and a gone device is removed", async () => {
      await subscribed(alice, "all");
      await comesOut(episode(5, 3), 0);
      let now = 0;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        const [due] = await claimDueDeliveries(10, now, store);
        expect(due?.attempts).toBe(attempt);
        await settleDelivery(due!, "retry", now, store);
        expect(await claimDueDeliveries(10, now, store)).toEqual([]);
        now += 10 * 60 * 60_000;
      }
      expect(await claimDueDeliveries(10, now, store)).toEqual([]);

      await comesOut(episode(5, 4), now);
      const [due] = await claimDueDeliveries(10, now, store);
      await settleDelivery(due!, "gone", now, store);
      expect(await deviceCountOf(alice, store)).toBe(0);
    });

    it("of a title nobody rings for are forgotten once the newest is as old as the delivery rows; belled again, it starts silently", async () => {
      await subscribed(alice, "all");
      await recordEpisodes([episode(5, 1)], 0, store);
      await recordEpisodes([episode(6, 1)], 0, store);
      expect(await comesOut(episode(5, 2), 1_000)).toBe(1);
      expect(await recordEpisodes([episode(6, 2)], 1_000, store)).toEqual([episode(6, 2)]);
      const expired = 1_000 + DELIVERY_RETENTION_MS + 1;
      // Release 6 has no bell; release 5 has Alice's, and is kept however old.
      expect(await sweepSeenEpisodes(expired - 2, store)).toBe(0);
      expect(await sweepSeenEpisodes(expired, store)).toBe(2);
      expect(await recordEpisodes([episode(6, 1), episode(6, 2), episode(6, 3)], expired, store)).toEqual([]);
      expect(await recordEpisodes([episode(5, 1), episode(5, 2)], expired, store)).toEqual([]);
      expect(await comesOut(episode(5, 3), expired)).toBe(1);

      // A message still queued when its title's episodes go is given up, not left waiting.
      await setBell({ owner: alice, release: release(5), mode: "off", inLists: false }, expired, store);
      const later = expired + DELIVERY_RETENTION_MS + 1;
      expect(await sweepSeenEpisodes(later, store)).toBe(6);
      expect(await claimDueDeliveries(10, later, store)).toEqual([]);
      await subscribed(alice, "all");
      await recordEpisodes([episode(5, 4)], later, store);
      expect(await recordEpisodes([episode(5, 5)], later, store)).toEqual([episode(5, 5)]);
      expect(await queueDeliveries(episode(5, 5), later, store, 1)).toBe(1);
    });

    it("are held until the owner's quiet hours end", async () => {
      await subscribed(alice, "all");
      await saveQuietHours(alice, { timeZone: "Europe/Moscow", fromMinute: 23 * 60, toMinute: 8 * 60 }, 0, store);
      // 02:30 in Moscow (UTC+3) is 23:30 UTC the day before.
      const night = Date.UTC(2026, 11, 6, 23, 30);
      const morning = Date.UTC(2026, 11, 7, 5, 0);
      await comesOut(episode(5, 3), night);
      expect(await claimDueDeliveries(10, morning - 1, store)).toEqual([]);
      expect(await claimDueDeliveries(10, morning, store)).toHaveLength(1);
    });
  });

  describe("«С прошлого визита»", () => {
    it("lists the bells' episodes seen since the visit before this one", async () => {
      await setBell({ owner: visitor, release: release(5), mode: "all", inLists: false }, 10, store);
      await recordEpisodes([episode(5, 1)], 10, store);
      expect(await noteVisit(visitor, 100, store)).toBeNull();
      await recordEpisodes([episode(5, 2)], 200, store);
      const visit = 100 + NEW_VISIT_AFTER_MS + 1;
      const since = await noteVisit(visitor, visit, store);
      expect(since).toBe(100);
      expect((await episodesSince("v:AAAAAAAAAAAAAAAAAAAAAA", since!, 10, store)).map((item) => item.episodeId)).toEqual(["e-5-2"]);
      // A click later within the same visit still counts from the visit before.
      expect(await noteVisit(visitor, visit + 1_000, store)).toBe(100);
    });
  });
});
