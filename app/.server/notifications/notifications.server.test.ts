import { createECDH, randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { BellOwner } from "~/domain/episode-bell";
import { bellModeOf, bellsOf, MAX_BELLS_PER_OWNER, noteListMembership, setBell, sweepVisitors, VISITOR_RETENTION_MS } from "./bells.server";
import {
  claimDueDeliveries,
  episodesSince,
  MAX_ATTEMPTS,
  queueDeliveries,
  recordEpisodes,
  settleDelivery,
  type SeenEpisode,
} from "./deliveries.server";
import { openNotificationsDb, type NotificationsDb } from "./notifications-db.server";
import {
  addSubscription,
  deviceCountOf,
  MAX_DEVICES_PER_ADDRESS,
  MAX_DEVICES_PER_OWNER,
  PushSubscriptionSchema,
} from "./push-subscriptions.server";
import { sqliteLease } from "./sender-lease.server";
import { noteVisit, quietHoursEnd, saveQuietHours, NEW_VISIT_AFTER_MS } from "./viewer-settings.server";

const alice: BellOwner = { kind: "account", accountId: 1 };
const bob: BellOwner = { kind: "account", accountId: 2 };
const visitor: BellOwner = { kind: "visitor", visitorId: "AAAAAAAAAAAAAAAAAAAAAA" };

function release(id: number) {
  return { id, alias: `release-${id}`, title: `Тайтл ${id}` };
}

function deviceKeys() {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  return { p256dh: curve.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") };
}

function device(host = "push.example.com") {
  return { endpoint: `https://${host}/send/${randomBytes(12).toString("base64url")}`, ...deviceKeys() };
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

let db: NotificationsDb;
beforeEach(() => {
  db = openNotificationsDb(":memory:");
});

describe("bells", () => {
  it("keep three states per owner and title, off being no row", () => {
    setBell({ owner: alice, release: release(7), mode: "all", inLists: false }, 1, db);
    setBell({ owner: bob, release: release(7), mode: "lists", inLists: true }, 1, db);
    expect(bellModeOf(alice, 7, db)).toBe("all");
    expect(bellModeOf(bob, 7, db)).toBe("lists");
    expect(bellModeOf(visitor, 7, db)).toBe("off");
    setBell({ owner: alice, release: release(7), mode: "off", inLists: false }, 2, db);
    expect(bellsOf(alice, db)).toEqual([]);
    expect(bellsOf(bob, db)).toHaveLength(1);
  });

  it("stop at MAX_BELLS_PER_OWNER titles, while changing one already on still works", () => {
    for (let id = 1; id <= MAX_BELLS_PER_OWNER; id += 1) {
      expect(setBell({ owner: visitor, release: release(id), mode: "all", inLists: false }, id, db)).toEqual({ ok: true });
    }
    expect(setBell({ owner: visitor, release: release(MAX_BELLS_PER_OWNER + 1), mode: "all", inLists: false }, 0, db)).toEqual({
      ok: false,
      reason: "too-many",
    });
    expect(setBell({ owner: visitor, release: release(1), mode: "off", inLists: false }, 0, db)).toEqual({ ok: true });
    expect(bellsOf(visitor, db)).toHaveLength(MAX_BELLS_PER_OWNER - 1);
  });

  it("forget a visitor who has not come back for the retention time", () => {
    setBell({ owner: visitor, release: release(1), mode: "all", inLists: false }, 1_000, db);
    setBell({ owner: alice, release: release(1), mode: "all", inLists: false }, 1_000, db);
    expect(sweepVisitors(1_000 + VISITOR_RETENTION_MS - 1, db)).toBe(0);
    expect(sweepVisitors(1_000 + VISITOR_RETENTION_MS + 1, db)).toBe(1);
    expect(bellsOf(visitor, db)).toEqual([]);
    expect(bellsOf(alice, db)).toHaveLength(1);
  });
});

describe("push subscriptions", () => {
  it("take a real subscription and refuse forged, oversized, private and non-https ones", () => {
    expect(PushSubscriptionSchema.safeParse(device()).success).toBe(true);
    const keys = deviceKeys();
    const refused = [
      { endpoint: "http://push.example.com/x", ...keys },
      { endpoint: "https://127.0.0.1/x", ...keys },
      { endpoint: "https://[::1]/x", ...keys },
      { endpoint: "https://10.1.2.3/x", ...keys },
      { endpoint: "https://localhost/x", ...keys },
      { endpoint: "https://push.internal/x", ...keys },
      { endpoint: "https://push.example.com:8443/x", ...keys },
      { endpoint: "https://user:secret@push.example.com/x", ...keys },
      { endpoint: `https://push.example.com/${"a".repeat(2000)}`, ...keys },
      { ...device(), p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url") },
      { ...device(), p256dh: "A".repeat(87) },
      { ...device(), auth: randomBytes(32).toString("base64url") },
      { ...device(), auth: undefined },
    ];
    for (const input of refused) expect(PushSubscriptionSchema.safeParse(input).success, JSON.stringify(input).slice(0, 80)).toBe(false);
  });

  it("are bounded per owner and per address; the same device again is no new row", () => {
    const first = device();
    expect(addSubscription(alice, first, "198.51.100.1", 1, db)).toEqual({ ok: true });
    expect(addSubscription(alice, first, "198.51.100.1", 2, db)).toEqual({ ok: true });
    expect(deviceCountOf(alice, db)).toBe(1);
    for (let index = 1; index < MAX_DEVICES_PER_OWNER; index += 1) addSubscription(alice, device(), "198.51.100.1", 3, db);
    expect(addSubscription(alice, device(), "198.51.100.2", 4, db)).toEqual({ ok: false, reason: "too-many-for-owner" });
    // Alice's devices came from one address; other visitors there fill it up.
    for (let index = MAX_DEVICES_PER_OWNER; index < MAX_DEVICES_PER_ADDRESS; index += 1) {
      const owner: BellOwner = { kind: "visitor", visitorId: `visitor${String(index).padStart(15, "0")}` };
      expect(addSubscription(owner, device(), "198.51.100.1", 5, db)).toEqual({ ok: true });
    }
    expect(addSubscription(bob, device(), "198.51.100.1", 6, db)).toEqual({ ok: false, reason: "too-many-for-address" });
    expect(addSubscription(bob, device(), "198.51.100.3", 6, db)).toEqual({ ok: true });
  });
});

describe("deliveries", () => {
  /** The episode comes out: recorded (the release was seen before) and queued. */
  function comesOut(seen: SeenEpisode, now: number): number {
    recordEpisodes([seen], now, db);
    return queueDeliveries(seen, now, db);
  }

  function subscribed(owner: BellOwner, mode: "all" | "lists", inLists = false) {
    setBell({ owner, release: release(5), mode, inLists }, 10, db);
    addSubscription(owner, device(), `198.51.100.${owner.kind === "account" ? owner.accountId : 9}`, 10, db);
  }

  it("a release seen for the first time is recorded silently; later episodes are news once", () => {
    expect(recordEpisodes([episode(5, 1), episode(5, 2)], 100, db)).toEqual([]);
    expect(recordEpisodes([episode(5, 1), episode(5, 2), episode(5, 3)], 200, db)).toEqual([episode(5, 3)]);
    expect(recordEpisodes([episode(5, 3)], 300, db)).toEqual([]);
  });

  it("one row per device and episode, ever: queuing again or after sending adds nothing", () => {
    subscribed(alice, "all");
    subscribed(bob, "lists", false);
    expect(comesOut(episode(5, 3), 100)).toBe(1);
    expect(queueDeliveries(episode(5, 3), 101, db)).toBe(0);
    const [due] = claimDueDeliveries(10, 100, db);
    expect(due?.subscription.owner).toBe("a:1");
    // Claimed: no second sender takes it.
    expect(claimDueDeliveries(10, 100, db)).toEqual([]);
    settleDelivery(due!, "sent", 100, db);
    expect(queueDeliveries(episode(5, 3), 102, db)).toBe(0);
    expect(claimDueDeliveries(10, 10_000_000, db)).toEqual([]);
  });

  it("«Только в избранном/списках» rings while the title is in a list", () => {
    subscribed(bob, "lists", false);
    expect(comesOut(episode(5, 3), 100)).toBe(0);
    noteListMembership(bob, 5, true, db);
    expect(comesOut(episode(5, 4), 100)).toBe(1);
  });

  it("queue at most their bound: past it a message is recorded failed, never sent, and never queued again", () => {
    for (const accountId of [11, 12, 13]) subscribed({ kind: "account", accountId }, "all");
    recordEpisodes([episode(5, 3)], 100, db);
    expect(queueDeliveries(episode(5, 3), 100, db, 2)).toBe(2);
    expect(claimDueDeliveries(10, 100, db)).toHaveLength(2);
    expect(queueDeliveries(episode(5, 3), 101, db)).toBe(0);
  });

  it("retries with a growing pause, gives up after MAX_ATTEMPTS, and a gone device is removed", () => {
    subscribed(alice, "all");
    comesOut(episode(5, 3), 0);
    let now = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const [due] = claimDueDeliveries(10, now, db);
      expect(due?.attempts).toBe(attempt);
      settleDelivery(due!, "retry", now, db);
      expect(claimDueDeliveries(10, now, db)).toEqual([]);
      now += 10 * 60 * 60_000;
    }
    expect(claimDueDeliveries(10, now, db)).toEqual([]);

    comesOut(episode(5, 4), now);
    const [due] = claimDueDeliveries(10, now, db);
    settleDelivery(due!, "gone", now, db);
    expect(deviceCountOf(alice, db)).toBe(0);
  });

  it("are held until the owner's quiet hours end", () => {
    subscribed(alice, "all");
    saveQuietHours(alice, { timeZone: "Europe/Moscow", fromMinute: 23 * 60, toMinute: 8 * 60 }, 0, db);
    // 02:30 in Moscow (UTC+3) is 23:30 UTC the day before.
    const night = Date.UTC(2026, 11, 6, 23, 30);
    const morning = Date.UTC(2026, 11, 7, 5, 0);
    comesOut(episode(5, 3), night);
    expect(claimDueDeliveries(10, morning - 1, db)).toEqual([]);
    expect(claimDueDeliveries(10, morning, db)).toHaveLength(1);
  });
});

describe("quiet hours", () => {
  const quiet = { timeZone: "Asia/Vladivostok", fromMinute: 22 * 60, toMinute: 7 * 60 };
  it("let a notification through outside them and hold it to their end inside, across midnight", () => {
    const noonThere = Date.UTC(2026, 11, 7, 2, 0);
    expect(quietHoursEnd(quiet, noonThere)).toBe(noonThere);
    const lateThere = Date.UTC(2026, 11, 7, 13, 15);
    expect(quietHoursEnd(quiet, lateThere)).toBe(Date.UTC(2026, 11, 7, 21, 0));
    const earlyThere = Date.UTC(2026, 11, 7, 20, 59);
    expect(quietHoursEnd(quiet, earlyThere)).toBe(Date.UTC(2026, 11, 7, 21, 0));
    expect(quietHoursEnd({ ...quiet, fromMinute: 9 * 60, toMinute: 17 * 60 }, noonThere)).toBe(Date.UTC(2026, 11, 7, 7, 0));
    expect(quietHoursEnd(null, lateThere)).toBe(lateThere);
  });
});

describe("«С прошлого визита»", () => {
  it("lists the bells' episodes seen since the visit before this one", () => {
    setBell({ owner: visitor, release: release(5), mode: "all", inLists: false }, 10, db);
    recordEpisodes([episode(5, 1)], 10, db);
    expect(noteVisit(visitor, 100, db)).toBeNull();
    recordEpisodes([episode(5, 2)], 200, db);
    const visit = 100 + NEW_VISIT_AFTER_MS + 1;
    const since = noteVisit(visitor, visit, db);
    expect(since).toBe(100);
    expect(episodesSince("v:AAAAAAAAAAAAAAAAAAAAAA", since!, 10, db).map((item) => item.episodeId)).toEqual(["e-5-2"]);
    // A click later within the same visit still counts from the visit before.
    expect(noteVisit(visitor, visit + 1_000, db)).toBe(100);
  });
});

describe("the sender's lease", () => {
  it("has one holder at a time, taken over only once it runs out", async () => {
    const lease = sqliteLease(1_000, () => db);
    expect(await lease.tryHold("first", 0)).toBe(true);
    expect(await lease.tryHold("second", 500)).toBe(false);
    expect(await lease.tryHold("first", 900)).toBe(true);
    expect(await lease.tryHold("second", 1_500)).toBe(false);
    expect(await lease.tryHold("second", 1_901)).toBe(true);
    await lease.release("first");
    expect(await lease.tryHold("first", 2_000)).toBe(false);
  });
});
