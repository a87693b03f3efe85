// What the sender has seen and what it owes (decision 0284): every episode it has seen, and one row per (device,
// episode) written before anything is sent, so a message goes to a device once, ever, whichever process sends it.
import type { BellRow } from "~/domain/episode-bell";
import { bellRings } from "~/domain/episode-bell";
import { notificationsDb, type NotificationsDb } from "./notifications-db.server";
import type { StoredSubscription } from "./push-subscriptions.server";
import { quietHoursEnd, viewerSettingsOfKey } from "./viewer-settings.server";

/** Messages waiting at most: past this a new one is written as failed (kept once-ever, never sent) and counted. */
export const MAX_QUEUED_DELIVERIES = 50_000;
/** Tries of one message before it is given up. */
export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Rows of sent, failed and gone messages are kept this long (the once-ever guard for an episode seen again). */
export const DELIVERY_RETENTION_MS = 90 * 24 * 60 * 60_000;

export type SeenEpisode = {
  episodeId: string;
  releaseId: number;
  ordinal: number | null;
  alias: string;
  title: string;
  poster: string | null;
};

type SeenEpisodeRow = {
  episode_id: string;
  release_id: number;
  ordinal: number | null;
  release_alias: string;
  release_title: string;
  poster: string | null;
};

function seenEpisodeOf(row: SeenEpisodeRow): SeenEpisode {
  return {
    episodeId: row.episode_id,
    releaseId: row.release_id,
    ordinal: row.ordinal,
    alias: row.release_alias,
    title: row.release_title,
    poster: row.poster,
  };
}

/** Records episodes of a release; answers the ones not seen before. A release never seen before is recorded silently. */
export function recordEpisodes(episodes: readonly SeenEpisode[], now = Date.now(), db: NotificationsDb = notificationsDb()): SeenEpisode[] {
  if (episodes.length === 0) return [];
  return db.transaction(() => {
    const fresh: SeenEpisode[] = [];
    const insert = db.prepare(
      `INSERT OR IGNORE INTO seen_episodes (episode_id, release_id, ordinal, release_alias, release_title, poster, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const releaseKnown = new Map<number, boolean>();
    for (const episode of episodes) {
      if (!releaseKnown.has(episode.releaseId)) {
        releaseKnown.set(
          episode.releaseId,
          Boolean(db.prepare("SELECT 1 FROM seen_episodes WHERE release_id = ? LIMIT 1").get(episode.releaseId)),
        );
      }
      const added = insert.run(
        episode.episodeId,
        episode.releaseId,
        episode.ordinal,
        episode.alias,
        episode.title.slice(0, 300),
        episode.poster,
        now,
      );
      if (added.changes === 1 && releaseKnown.get(episode.releaseId)) fresh.push(episode);
    }
    return fresh;
  })();
}

export function releasesWithBells(db: NotificationsDb = notificationsDb()): number[] {
  return db.prepare("SELECT DISTINCT release_id FROM bells").pluck().all() as number[];
}

/**
 * One queued row per device whose owner's bell rings for the episode's release, due when the owner's quiet hours
 * allow; an existing row (this device was told already) is left alone. Answers how many were queued.
 */
export function queueDeliveries(
  episode: SeenEpisode,
  now = Date.now(),
  db: NotificationsDb = notificationsDb(),
  maxQueued = MAX_QUEUED_DELIVERIES,
): number {
  return db.transaction(() => {
    const targets = db
      .prepare(
        `SELECT s.id AS id, s.owner AS owner, b.mode AS mode, b.in_lists AS inLists
         FROM bells b JOIN push_subscriptions s ON s.owner = b.owner WHERE b.release_id = ?`,
      )
      .all(episode.releaseId) as { id: number; owner: string; mode: BellRow["mode"]; inLists: number }[];
    let queued = db.prepare("SELECT COUNT(*) FROM deliveries WHERE state = 'queued'").pluck().get() as number;
    const insert = db.prepare(
      "INSERT OR IGNORE INTO deliveries (subscription_id, episode_id, state, due_at, created_at) VALUES (?, ?, ?, ?, ?)",
    );
    let added = 0;
    for (const target of targets) {
      if (!bellRings(target.mode, target.inLists === 1)) continue;
      const full = queued >= maxQueued;
      const due = quietHoursEnd(viewerSettingsOfKey(target.owner, db).quiet, now);
      const result = insert.run(target.id, episode.episodeId, full ? "failed" : "queued", due, now);
      if (result.changes === 1 && !full) {
        queued += 1;
        added += 1;
      }
    }
    return added;
  })();
}

export type DueDelivery = { subscription: StoredSubscription; episode: SeenEpisode; attempts: number };

/**
 * Takes up to `limit` due messages for sending: each is marked `sending` in the same transaction, so no other sender
 * takes it; one that a crash leaves `sending` is never sent again (at most once).
 */
export function claimDueDeliveries(limit: number, now = Date.now(), db: NotificationsDb = notificationsDb()): DueDelivery[] {
  return db.transaction(() => {
    const rows = db
      .prepare(
        `SELECT d.subscription_id, d.episode_id, d.attempts, s.owner, s.endpoint, s.p256dh, s.auth,
                e.release_id, e.ordinal, e.release_alias, e.release_title, e.poster
         FROM deliveries d
         JOIN push_subscriptions s ON s.id = d.subscription_id
         JOIN seen_episodes e ON e.episode_id = d.episode_id
         WHERE d.state = 'queued' AND d.due_at <= ?
         ORDER BY d.due_at LIMIT ?`,
      )
      .all(now, limit) as (SeenEpisodeRow & {
      subscription_id: number;
      attempts: number;
      owner: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    })[];
    const claim = db.prepare(
      "UPDATE deliveries SET state = 'sending', attempts = attempts + 1 WHERE subscription_id = ? AND episode_id = ?",
    );
    for (const row of rows) claim.run(row.subscription_id, row.episode_id);
    return rows.map((row) => ({
      subscription: { id: row.subscription_id, owner: row.owner, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
      episode: seenEpisodeOf(row),
      attempts: row.attempts + 1,
    }));
  })();
}

export type DeliveryResult = "sent" | "gone" | "retry" | "failed";

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export function settleDelivery(
  delivery: DueDelivery,
  result: DeliveryResult,
  now = Date.now(),
  db: NotificationsDb = notificationsDb(),
): void {
  const key = [delivery.subscription.id, delivery.episode.episodeId] as const;
  db.transaction(() => {
    if (result === "gone") {
      db.prepare("DELETE FROM push_subscriptions WHERE id = ?").run(delivery.subscription.id);
      db.prepare("UPDATE deliveries SET state = 'gone' WHERE subscription_id = ? AND state IN ('queued', 'sending')").run(
        delivery.subscription.id,
      );
      return;
    }
    if (result === "retry" && delivery.attempts < MAX_ATTEMPTS) {
      db.prepare("UPDATE deliveries SET state = 'queued', due_at = ? WHERE subscription_id = ? AND episode_id = ?").run(
        now + retryDelayMs(delivery.attempts),
        ...key,
      );
      return;
    }
    db.prepare("UPDATE deliveries SET state = ? WHERE subscription_id = ? AND episode_id = ?").run(
      result === "sent" ? "sent" : "failed",
      ...key,
    );
  })();
}

/** Drops old settled rows and the episodes no delivery needs any more. */
export function sweepDeliveries(now = Date.now(), db: NotificationsDb = notificationsDb()): void {
  const before = now - DELIVERY_RETENTION_MS;
  db.prepare("DELETE FROM deliveries WHERE state IN ('sent', 'failed', 'gone') AND created_at < ?").run(before);
}

/** The newest episodes, seen after `since`, of the titles whose bell rings for `ownerKey`: «С прошлого визита». */
export function episodesSince(ownerKeyText: string, since: number, limit: number, db: NotificationsDb = notificationsDb()): SeenEpisode[] {
  const rows = db
    .prepare(
      `SELECT e.episode_id, e.release_id, e.ordinal, e.release_alias, e.release_title, e.poster
       FROM seen_episodes e JOIN bells b ON b.release_id = e.release_id
       WHERE b.owner = ? AND (b.mode = 'all' OR b.in_lists = 1) AND e.seen_at > ? AND e.seen_at > b.updated_at
       ORDER BY e.seen_at DESC, e.ordinal DESC LIMIT ?`,
    )
    .all(ownerKeyText, since, limit) as SeenEpisodeRow[];
  return rows.map(seenEpisodeOf);
}
