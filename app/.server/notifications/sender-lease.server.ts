// The one sender of episode notifications (decision 0284): a lease that one process holds and renews. With
// REDIS_URL it lives in Redis (one leader across replicas); without, in the notifications SQLite file, which every
// worker of the node shares (one leader across the workers). A holder that stops renewing loses it after the TTL.
import type { Redis } from "ioredis";
import { getEnv } from "../env.server";
import { notificationsDb, type NotificationsDb } from "./notifications-db.server";

export type Lease = {
  /** Takes the lease or extends it if `holder` has it; false while another holder's lease runs. */
  tryHold(holder: string, now?: number): Promise<boolean>;
  /** Gives it up at once (shutdown), if `holder` has it. */
  release(holder: string): Promise<void>;
};

const LEASE_NAME = "notification-sender";

export function sqliteLease(ttlMs: number, db: () => NotificationsDb = notificationsDb): Lease {
  return {
    async tryHold(holder, now = Date.now()) {
      const taken = db()
        .prepare(
          `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
           ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
           WHERE leases.holder = excluded.holder OR leases.expires_at <= ?`,
        )
        .run(LEASE_NAME, holder, now + ttlMs, now);
      return taken.changes === 1;
    },
    async release(holder) {
      db().prepare("DELETE FROM leases WHERE name = ? AND holder = ?").run(LEASE_NAME, holder);
    },
  };
}

// Extends the lease only for its holder; sets it when nobody holds it.
const HOLD_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if current == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function redisLeaseKey(prefix = getEnv().REDIS_PREFIX): string {
  return `${prefix}notifications:sender-lease`;
}

/** A Redis that does not answer holds no lease for us: the sender waits rather than risk a second one. */
export function redisLease(redis: Redis, ttlMs: number, key = redisLeaseKey()): Lease {
  return {
    async tryHold(holder) {
      try {
        return (await redis.eval(HOLD_SCRIPT, 1, key, holder, String(ttlMs))) === 1;
      } catch {
        return false;
      }
    },
    async release(holder) {
      await redis.eval(RELEASE_SCRIPT, 1, key, holder).catch(() => undefined);
    },
  };
}
