// Login sessions: one row per sign-in, addressed by an opaque bearer token stored as a SHA-256 hash.
import crypto from "node:crypto";
import type { Db } from "../db/database";
import { randomSecret, sha256 } from "./secrets";
import { type UserRow } from "../db/rows";
import { prepareCached } from "../db/statement-cache";

export interface SignedInUser {
  sessionId: string;
  user: UserRow;
}

const TOUCH_INTERVAL_MS = 60_000;

export function createSession(db: Db, userId: number, userAgent: string, ipAddress: string, now: Date): string {
  const token = randomSecret(32);
  const at = now.toISOString();
  db.prepare(
    `INSERT INTO sessions (id, user_id, token_hash, user_agent, ip_address, created_at, last_used_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(crypto.randomUUID(), userId, sha256(token), userAgent, ipAddress, at, at);
  return token;
}

export function findSession(db: Db, token: string, now: Date): SignedInUser | null {
  // Every signed-in request reads its session: the statement is prepared once.
  const row = prepareCached(
    db,
    `SELECT s.id AS session_id, s.last_used_at, u.*
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ?`,
  ).get(sha256(token)) as (UserRow & { session_id: string; last_used_at: string }) | undefined;
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    prepareCached(db, "UPDATE sessions SET last_used_at = ? WHERE id = ?").run(now.toISOString(), row.session_id);
  }
  const { session_id: sessionId, ...user } = row;
  delete (user as Partial<typeof row>).last_used_at;
  return { sessionId, user };
}

export function endSession(db: Db, sessionId: string): void {
  db.prepare("DELETE FROM sessions WHERE id = ?").run(sessionId);
}

export function endAllSessions(db: Db, userId: number, exceptSessionId: string | null): number {
  return db.prepare("DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?").run(userId, exceptSessionId).changes;
}
