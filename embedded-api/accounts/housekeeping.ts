// What anonymous callers can make the database write, kept bounded (decision 0250): expired or spent device codes,
// social-login states and e-mail tokens are deleted, and so are mails older than any link they carry, on a timer and
// whenever a row of the same kind is written; and the pending rows themselves have a ceiling, so even a client the
// site's rate limits never see (the standalone API, many addresses) cannot grow the file for ever.
import type { Db } from "../db/database";
import { ApiError } from "../http/api-error";
import { sweepAccountTokens, TOKEN_LIFETIME_MS } from "./account-tokens";

/**
 * Device codes waiting at once (each lives 5 minutes): far above what real devices ask for, and at most about
 * 100 bytes a row. Past it a new code waits until older ones expire.
 */
export const MAX_PENDING_OTP_CODES = 5_000;
/** Social-login and linking states waiting at once (each lives 15 minutes); about 200 bytes a row. */
export const MAX_PENDING_SOCIAL_LOGINS = 5_000;
/** Mails kept for the development mailbox: the newest ones, none older than the longest-lived link they carry. */
export const MAX_OUTBOX_MAILS = 500;
export const OUTBOX_LIFETIME_MS = Math.max(...Object.values(TOKEN_LIFETIME_MS));
/** How often the timer sweeps, besides the sweep on each write. */
export const SWEEP_INTERVAL_MS = 60_000;

export type Swept = { otpCodes: number; socialLogins: number; accountTokens: number; outbox: number };

export function sweepOtpCodes(db: Db, now: Date): number {
  return db.prepare("DELETE FROM otp_codes WHERE expires_at <= ? OR consumed_at IS NOT NULL").run(now.toISOString()).changes;
}

export function sweepSocialLogins(db: Db, now: Date): number {
  return db.prepare("DELETE FROM social_logins WHERE expires_at <= ? OR consumed_at IS NOT NULL").run(now.toISOString()).changes;
}

/** Mails past their links' lifetime, then all but the newest MAX_OUTBOX_MAILS. */
export function sweepOutbox(db: Db, now: Date): number {
  const expired = db
    .prepare("DELETE FROM outbox WHERE created_at <= ?")
    .run(new Date(now.getTime() - OUTBOX_LIFETIME_MS).toISOString()).changes;
  const beyondCap = db
    .prepare("DELETE FROM outbox WHERE id <= (SELECT id FROM outbox ORDER BY id DESC LIMIT 1 OFFSET ?)")
    .run(MAX_OUTBOX_MAILS).changes;
  return expired + beyondCap;
}

export function sweepExpired(db: Db, now: Date): Swept {
  return db.transaction(() => ({
    otpCodes: sweepOtpCodes(db, now),
    socialLogins: sweepSocialLogins(db, now),
    accountTokens: sweepAccountTokens(db, now),
    outbox: sweepOutbox(db, now),
  }))();
}

/** Sweeps every SWEEP_INTERVAL_MS without keeping the process alive; returns the stop function. */
export function startSweeping(db: Db, now: () => Date): () => void {
  const timer = setInterval(() => {
    try {
      if (db.open) sweepExpired(db, now());
    } catch (error) {
      // A busy database (another worker writing for longer than the busy timeout) waits for the next round.
      console.error("[embedded-api] sweep failed", error);
    }
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function tooManyPending(): ApiError {
  return new ApiError(429, "Слишком много незавершённых входов. Попробуйте через несколько минут.");
}

/** Before a new device code: the spent ones go, and past the ceiling the caller waits. */
export function makeRoomForOtpCode(db: Db, now: Date): void {
  sweepOtpCodes(db, now);
  const pending = db.prepare("SELECT COUNT(*) FROM otp_codes").pluck().get() as number;
  if (pending >= MAX_PENDING_OTP_CODES) throw tooManyPending();
}

/** Before a new social-login state: the spent ones go, and past the ceiling the caller waits. */
export function makeRoomForSocialLogin(db: Db, now: Date): void {
  sweepSocialLogins(db, now);
  const pending = db.prepare("SELECT COUNT(*) FROM social_logins").pluck().get() as number;
  if (pending >= MAX_PENDING_SOCIAL_LOGINS) throw tooManyPending();
}
