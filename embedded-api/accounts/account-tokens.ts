// Single-use, expiring e-mail tokens (verification, password reset), stored as SHA-256 hashes.
import type { Db } from "../db/database";
import { randomSecret, sha256 } from "./secrets";

export type AccountTokenPurpose = "verify_email" | "reset_password";

export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Unused links an account holds per purpose: asking for another retires the oldest (decision 0250). */
export const MAX_OUTSTANDING_TOKENS = 3;

/** Used and expired tokens: nothing reads them again. */
export function sweepAccountTokens(db: Db, now: Date): number {
  return db.prepare("DELETE FROM account_tokens WHERE expires_at <= ? OR used_at IS NOT NULL").run(now.toISOString()).changes;
}

export function issueAccountToken(db: Db, userId: number, purpose: AccountTokenPurpose, now: Date): string {
  sweepAccountTokens(db, now);
  db.prepare(
    `DELETE FROM account_tokens WHERE user_id = ? AND purpose = ? AND rowid NOT IN
       (SELECT rowid FROM account_tokens WHERE user_id = ? AND purpose = ? ORDER BY rowid DESC LIMIT ?)`,
  ).run(userId, purpose, userId, purpose, MAX_OUTSTANDING_TOKENS - 1);
  const token = randomSecret(32);
  db.prepare("INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at, created_at) VALUES (?, ?, ?, ?, ?)").run(
    sha256(token),
    userId,
    purpose,
    new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
    now.toISOString(),
  );
  return token;
}

/** Marks the token used and returns its user id, or null when it is unknown, used or expired. */
export function consumeAccountToken(db: Db, token: string, purpose: AccountTokenPurpose, now: Date): number | null {
  const row = db
    .prepare("SELECT user_id, expires_at, used_at FROM account_tokens WHERE token_hash = ? AND purpose = ?")
    .get(sha256(token), purpose) as { user_id: number; expires_at: string; used_at: string | null } | undefined;
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now.getTime()) return null;
  db.prepare("UPDATE account_tokens SET used_at = ? WHERE token_hash = ?").run(now.toISOString(), sha256(token));
  return row.user_id;
}
