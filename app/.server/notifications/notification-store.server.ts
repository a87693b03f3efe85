// Where episode notifications persist (decision 0284): one interface, two stores. The SQLite file
// (NOTIFICATIONS_DB) serves the replicas of one host; with REDIS_URL, Redis serves replicas on several hosts. The
// rules (who a bell rings for, quiet hours, the bounds, the retry pauses, the once-ever claim) live in the modules
// around this one; a store only keeps rows and makes each conditional write atomic with the bound it is given.
import type { BellRow } from "~/domain/episode-bell";
import { getEnv } from "../env.server";
import { sharedRedis } from "../redis.server";
import { closeNotificationsDb, notificationsDb } from "./notifications-db.server";
import { redisNotificationStore } from "./redis-store.server";
import type { Lease } from "./sender-lease.server";
import { sqliteNotificationStore } from "./sqlite-store.server";

export type SeenEpisode = {
  episodeId: string;
  releaseId: number;
  ordinal: number | null;
  alias: string;
  title: string;
  poster: string | null;
};

export type StoredSubscription = { id: number; owner: string; endpoint: string; p256dh: string; auth: string };
export type SubscriptionKeys = { endpoint: string; p256dh: string; auth: string };
export type AddSubscriptionResult = { ok: true } | { ok: false; reason: "too-many-for-owner" | "too-many-for-address" };

/** A viewer's stored settings, as written: null where never set. */
export type StoredSettings = {
  timeZone: string | null;
  quietFrom: number | null;
  quietTo: number | null;
  lastVisitAt: number | null;
  previousVisitAt: number | null;
};

export type BellOfRelease = { owner: string; mode: BellRow["mode"]; inLists: boolean };
export type NewDelivery = { subscriptionId: number; dueAt: number };
export type DueDelivery = { subscription: StoredSubscription; episode: SeenEpisode; attempts: number };
export type DeliveryKey = { subscriptionId: number; episodeId: string };

export interface NotificationStore {
  bell(owner: string, releaseId: number): Promise<BellRow | null>;
  /** The owner's bells, the latest changed first. */
  bells(owner: string): Promise<BellRow[]>;
  /** Writes the bell; false (nothing written) when it is new and the owner already has `maxPerOwner`. */
  putBell(owner: string, bell: BellRow, maxPerOwner: number): Promise<boolean>;
  deleteBell(owner: string, releaseId: number): Promise<void>;
  setInLists(owner: string, releaseId: number, inLists: boolean): Promise<void>;
  anyBellFor(releaseId: number): Promise<boolean>;
  belledReleases(): Promise<number[]>;
  bellsOfRelease(releaseId: number): Promise<BellOfRelease[]>;

  /** A device again (same endpoint) moves to `owner`; a new one counts against both bounds. */
  putSubscription(
    owner: string,
    keys: SubscriptionKeys,
    clientAddress: string,
    now: number,
    bounds: { perOwner: number; perAddress: number },
  ): Promise<AddSubscriptionResult>;
  subscriptionIdsOf(owner: string): Promise<number[]>;
  subscription(id: number): Promise<StoredSubscription | null>;
  /** Drops the device; its messages not yet sent are marked gone. */
  removeSubscription(id: number): Promise<void>;

  settings(owner: string): Promise<StoredSettings>;
  saveSettings(owner: string, changes: Partial<StoredSettings>, now: number): Promise<void>;

  /** Writes the episodes not stored yet; answers those, each with whether its release had an episode stored before. */
  addEpisodes(episodes: readonly SeenEpisode[], now: number): Promise<{ episode: SeenEpisode; releaseKnown: boolean }[]>;
  /** A release's episodes first seen after `after`, with when. */
  episodesSeenAfter(releaseId: number, after: number): Promise<(SeenEpisode & { seenAt: number })[]>;

  /**
   * One row per (device, episode), ever: an existing row is left alone; a new one is queued, or written failed when
   * `maxQueued` are waiting already. Answers how many were queued.
   */
  addDeliveries(episodeId: string, deliveries: readonly NewDelivery[], now: number, maxQueued: number): Promise<number>;
  /** Up to `limit` queued messages due by `now`, the earliest first, each marked sending (and its try counted) as it is taken. */
  claimDue(limit: number, now: number): Promise<DueDelivery[]>;
  requeue(key: DeliveryKey, dueAt: number): Promise<void>;
  finish(key: DeliveryKey, state: "sent" | "failed"): Promise<void>;
  /** Drops the rows of messages no longer waiting that were created before `before`. */
  sweepDeliveries(before: number): Promise<void>;

  /**
   * Drops the episodes of titles nobody rings for whose newest was first seen before `before`, and gives up messages
   * still queued for them; answers how many episodes. Seen again later, such a title is recorded silently.
   */
  sweepEpisodes(before: number): Promise<number>;

  /** Drops the bells, devices and settings of visitors last active before `before`; answers how many. */
  sweepVisitors(before: number): Promise<number>;

  /** The sender's lease in this store. */
  lease(ttlMs: number): Lease;
}

let shared: NotificationStore | undefined;

/** The process's store: Redis with REDIS_URL (shared by every host), else the SQLite file. */
export function notificationStore(): NotificationStore {
  if (shared) return shared;
  const redis = sharedRedis();
  shared = redis ? redisNotificationStore(redis, getEnv().REDIS_PREFIX) : sqliteNotificationStore(notificationsDb());
  return shared;
}

/** Closes the SQLite file (if it was open) and forgets the process's store. */
export function closeNotificationStore(): void {
  closeNotificationsDb();
  shared = undefined;
}
