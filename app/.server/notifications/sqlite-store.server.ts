// The notifications' SQLite store (decision 0284): the rows of NOTIFICATIONS_DB, each conditional write in one
// transaction. Every worker of one host shares the file.
import type { BellRow } from "~/domain/episode-bell";
import type { NotificationsDb } from "./notifications-db.server";
import type { DueDelivery, NotificationStore, SeenEpisode, StoredSettings, StoredSubscription } from "./notification-store.server";
import { sqliteLease } from "./sender-lease.server";

type BellRecord = {
  release_id: number;
  mode: BellRow["mode"];
  in_lists: number;
  release_alias: string;
  release_title: string;
  updated_at: number;
};

function bellOf(row: BellRecord): BellRow {
  return {
    releaseId: row.release_id,
    mode: row.mode,
    inLists: row.in_lists === 1,
    alias: row.release_alias,
    title: row.release_title,
    updatedAt: row.updated_at,
  };
}

type EpisodeRecord = {
  episode_id: string;
  release_id: number;
  ordinal: number | null;
  release_alias: string;
  release_title: string;
  poster: string | null;
};

function episodeOf(row: EpisodeRecord): SeenEpisode {
  return {
    episodeId: row.episode_id,
    releaseId: row.release_id,
    ordinal: row.ordinal,
    alias: row.release_alias,
    title: row.release_title,
    poster: row.poster,
  };
}

const SETTINGS_COLUMNS: Record<keyof StoredSettings, string> = {
  timeZone: "time_zone",
  quietFrom: "quiet_from",
  quietTo: "quiet_to",
  lastVisitAt: "last_visit_at",
  previousVisitAt: "previous_visit_at",
};

const BELL_COLUMNS = "release_id, mode, in_lists, release_alias, release_title, updated_at";

export function sqliteNotificationStore(db: NotificationsDb): NotificationStore {
  return {
    async bell(owner, releaseId) {
      const row = db.prepare(`SELECT ${BELL_COLUMNS} FROM bells WHERE owner = ? AND release_id = ?`).get(owner, releaseId) as
        BellRecord | undefined;
      return row ? bellOf(row) : null;
    },
    async bells(owner) {
      const rows = db
        .prepare(`SELECT ${BELL_COLUMNS} FROM bells WHERE owner = ? ORDER BY updated_at DESC, release_id DESC`)
        .all(owner) as BellRecord[];
      return rows.map(bellOf);
    },
    async putBell(owner, bell, maxPerOwner) {
      return db.transaction(() => {
        const exists = db.prepare("SELECT 1 FROM bells WHERE owner = ? AND release_id = ?").get(owner, bell.releaseId);
        if (!exists) {
          const count = db.prepare("SELECT COUNT(*) FROM bells WHERE owner = ?").pluck().get(owner) as number;
          if (count >= maxPerOwner) return false;
        }
        db.prepare(
          `INSERT INTO bells (owner, release_id, mode, in_lists, release_alias, release_title, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (owner, release_id) DO UPDATE SET mode = excluded.mode, in_lists = excluded.in_lists,
             release_alias = excluded.release_alias, release_title = excluded.release_title, updated_at = excluded.updated_at`,
        ).run(owner, bell.releaseId, bell.mode, bell.inLists ? 1 : 0, bell.alias, bell.title, bell.updatedAt);
        return true;
      })();
    },
    async deleteBell(owner, releaseId) {
      db.prepare("DELETE FROM bells WHERE owner = ? AND release_id = ?").run(owner, releaseId);
    },
    async setInLists(owner, releaseId, inLists) {
      db.prepare("UPDATE bells SET in_lists = ? WHERE owner = ? AND release_id = ? AND in_lists != ?").run(
        inLists ? 1 : 0,
        owner,
        releaseId,
        inLists ? 1 : 0,
      );
    },
    async anyBellFor(releaseId) {
      return Boolean(db.prepare("SELECT 1 FROM bells WHERE release_id = ? LIMIT 1").get(releaseId));
    },
    async belledReleases() {
      return db.prepare("SELECT DISTINCT release_id FROM bells").pluck().all() as number[];
    },
    async bellsOfRelease(releaseId) {
      const rows = db.prepare("SELECT owner, mode, in_lists FROM bells WHERE release_id = ?").all(releaseId) as {
        owner: string;
        mode: BellRow["mode"];
        in_lists: number;
      }[];
      return rows.map((row) => ({ owner: row.owner, mode: row.mode, inLists: row.in_lists === 1 }));
    },

    async putSubscription(owner, keys, clientAddress, now, bounds) {
      return db.transaction(() => {
        const existing = db.prepare("SELECT id FROM push_subscriptions WHERE endpoint = ?").get(keys.endpoint) as
          { id: number } | undefined;
        if (existing) {
          db.prepare("UPDATE push_subscriptions SET owner = ?, p256dh = ?, auth = ? WHERE id = ?").run(
            owner,
            keys.p256dh,
            keys.auth,
            existing.id,
          );
          return { ok: true } as const;
        }
        const ofOwner = db.prepare("SELECT COUNT(*) FROM push_subscriptions WHERE owner = ?").pluck().get(owner) as number;
        if (ofOwner >= bounds.perOwner) return { ok: false, reason: "too-many-for-owner" } as const;
        const ofAddress = db
          .prepare("SELECT COUNT(*) FROM push_subscriptions WHERE client_address = ?")
          .pluck()
          .get(clientAddress) as number;
        if (ofAddress >= bounds.perAddress) return { ok: false, reason: "too-many-for-address" } as const;
        db.prepare(
          "INSERT INTO push_subscriptions (owner, endpoint, p256dh, auth, client_address, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        ).run(owner, keys.endpoint, keys.p256dh, keys.auth, clientAddress, now);
        return { ok: true } as const;
      })();
    },
    async subscriptionIdsOf(owner) {
      return db.prepare("SELECT id FROM push_subscriptions WHERE owner = ? ORDER BY id").pluck().all(owner) as number[];
    },
    async subscription(id) {
      return (
        (db.prepare("SELECT id, owner, endpoint, p256dh, auth FROM push_subscriptions WHERE id = ?").get(id) as
          StoredSubscription | undefined) ?? null
      );
    },
    async removeSubscription(id) {
      db.transaction(() => {
        db.prepare("DELETE FROM push_subscriptions WHERE id = ?").run(id);
        db.prepare("UPDATE deliveries SET state = 'gone' WHERE subscription_id = ? AND state IN ('queued', 'sending')").run(id);
      })();
    },

    async settings(owner) {
      const row = db
        .prepare("SELECT time_zone, quiet_from, quiet_to, last_visit_at, previous_visit_at FROM viewer_settings WHERE owner = ?")
        .get(owner) as Record<string, string | number | null> | undefined;
      return {
        timeZone: (row?.time_zone as string | null) ?? null,
        quietFrom: (row?.quiet_from as number | null) ?? null,
        quietTo: (row?.quiet_to as number | null) ?? null,
        lastVisitAt: (row?.last_visit_at as number | null) ?? null,
        previousVisitAt: (row?.previous_visit_at as number | null) ?? null,
      };
    },
    async saveSettings(owner, changes, now) {
      const fields = (Object.keys(changes) as (keyof StoredSettings)[]).filter((field) => changes[field] !== undefined);
      const columns = fields.map((field) => SETTINGS_COLUMNS[field]);
      db.prepare(
        `INSERT INTO viewer_settings (owner, ${[...columns, "updated_at"].join(", ")}) VALUES (${["?", ...columns.map(() => "?"), "?"].join(", ")})
         ON CONFLICT (owner) DO UPDATE SET ${[...columns, "updated_at"].map((column) => `${column} = excluded.${column}`).join(", ")}`,
      ).run(owner, ...fields.map((field) => changes[field] ?? null), now);
    },

    async addEpisodes(episodes, now) {
      return db.transaction(() => {
        const added: { episode: SeenEpisode; releaseKnown: boolean }[] = [];
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
          const result = insert.run(
            episode.episodeId,
            episode.releaseId,
            episode.ordinal,
            episode.alias,
            episode.title,
            episode.poster,
            now,
          );
          if (result.changes === 1) added.push({ episode, releaseKnown: releaseKnown.get(episode.releaseId) ?? false });
        }
        return added;
      })();
    },
    async episodesSeenAfter(releaseId, after) {
      const rows = db
        .prepare(
          `SELECT episode_id, release_id, ordinal, release_alias, release_title, poster, seen_at FROM seen_episodes
           WHERE release_id = ? AND seen_at > ?`,
        )
        .all(releaseId, after) as (EpisodeRecord & { seen_at: number })[];
      return rows.map((row) => ({ ...episodeOf(row), seenAt: row.seen_at }));
    },

    async addDeliveries(episodeId, deliveries, now, maxQueued) {
      return db.transaction(() => {
        let waiting = db.prepare("SELECT COUNT(*) FROM deliveries WHERE state = 'queued'").pluck().get() as number;
        const insert = db.prepare(
          "INSERT OR IGNORE INTO deliveries (subscription_id, episode_id, state, due_at, created_at) VALUES (?, ?, ?, ?, ?)",
        );
        let queued = 0;
        for (const delivery of deliveries) {
          const full = waiting >= maxQueued;
          const result = insert.run(delivery.subscriptionId, episodeId, full ? "failed" : "queued", delivery.dueAt, now);
          if (result.changes === 1 && !full) {
            waiting += 1;
            queued += 1;
          }
        }
        return queued;
      })();
    },
    async claimDue(limit, now) {
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
          .all(now, limit) as (EpisodeRecord & {
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
        return rows.map((row): DueDelivery => ({
          subscription: { id: row.subscription_id, owner: row.owner, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
          episode: episodeOf(row),
          attempts: row.attempts + 1,
        }));
      })();
    },
    async requeue(key, dueAt) {
      db.prepare("UPDATE deliveries SET state = 'queued', due_at = ? WHERE subscription_id = ? AND episode_id = ?").run(
        dueAt,
        key.subscriptionId,
        key.episodeId,
      );
    },
    async finish(key, state) {
      db.prepare("UPDATE deliveries SET state = ? WHERE subscription_id = ? AND episode_id = ?").run(
        state,
        key.subscriptionId,
        key.episodeId,
      );
    },
    async sweepDeliveries(before) {
      db.prepare("DELETE FROM deliveries WHERE state != 'queued' AND created_at < ?").run(before);
    },
    async sweepEpisodes(before) {
      const stale = `SELECT episode_id FROM seen_episodes WHERE release_id IN (
        SELECT release_id FROM seen_episodes GROUP BY release_id HAVING MAX(seen_at) < ? EXCEPT SELECT release_id FROM bells)`;
      return db.transaction(() => {
        db.prepare(`UPDATE deliveries SET state = 'gone' WHERE state = 'queued' AND episode_id IN (${stale})`).run(before);
        return db.prepare(`DELETE FROM seen_episodes WHERE episode_id IN (${stale})`).run(before).changes;
      })();
    },

    async sweepVisitors(before) {
      return db.transaction(() => {
        const stale = db
          .prepare("SELECT owner FROM viewer_settings WHERE owner LIKE 'v:%' AND COALESCE(last_visit_at, updated_at) < ?")
          .pluck()
          .all(before) as string[];
        // A visitor who set a bell but was never recorded visiting: their newest bell is their last visit.
        const unrecorded = db
          .prepare(
            "SELECT owner FROM bells WHERE owner LIKE 'v:%' AND owner NOT IN (SELECT owner FROM viewer_settings) GROUP BY owner HAVING MAX(updated_at) < ?",
          )
          .pluck()
          .all(before) as string[];
        const owners = [...stale, ...unrecorded];
        for (const owner of owners) {
          db.prepare("DELETE FROM bells WHERE owner = ?").run(owner);
          db.prepare(
            "UPDATE deliveries SET state = 'gone' WHERE state IN ('queued', 'sending') AND subscription_id IN (SELECT id FROM push_subscriptions WHERE owner = ?)",
          ).run(owner);
          db.prepare("DELETE FROM push_subscriptions WHERE owner = ?").run(owner);
          db.prepare("DELETE FROM viewer_settings WHERE owner = ?").run(owner);
        }
        return owners.length;
      })();
    },

    lease(ttlMs) {
      return sqliteLease(ttlMs, () => db);
    },
  };
}
