// Decision 0250: anonymous writes must not grow the database for ever. One client asks for 3,000 device codes
// and starts 2,000 social logins through the site's /api/v1 proxy; the tables those write (and the mail and token
// tables next to them) may grow by no more than the per-client limit lets through, and never past the embedded
// API's own ceilings (decision 0250). `npm test` sends a fifth of that (decision 0269).
import Database from "better-sqlite3";
import { MAX_PENDING_OTP_CODES, MAX_PENDING_SOCIAL_LOGINS } from "../../../embedded-api/accounts/housekeeping";
import { SIGN_IN_START_RATE_LIMIT } from "../../../app/.server/security/rate-limit.server";
import { sized } from "../run-size";
import { startApp } from "../servers";
import type { VolumeAttack, VolumeOutcome } from "../volume";
import { describeStatuses, flood, type FloodTally } from "./bounded-flood";

/** 1,000 starts in a sample, 5,000 in the full run: fifty or 250 times the per-client limit, either shows its bound. */
const OTP_STARTS = sized(3_000, 600);
const SOCIAL_STARTS = sized(2_000, 400);
const CONCURRENCY = 16;
const DEADLINE_MS = 90_000;
const TABLES = ["otp_codes", "social_logins", "outbox", "account_tokens"] as const;
type Table = (typeof TABLES)[number];

function rowCounts(databasePath: string): Record<Table, number> {
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return Object.fromEntries(
      TABLES.map((table) => [table, database.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number]),
    ) as Record<Table, number>;
  } finally {
    database.close();
  }
}

/**
 * Device codes and social starts share one limit per client: at most `limit` in each fixed window, and a flood
 * of S seconds touches at most ceil(S / window) + 1 windows. Mail and e-mail tokens: the flood sends neither.
 */
function allowedGrowth(seconds: number): number {
  const windows = Math.ceil((seconds * 1000) / SIGN_IN_START_RATE_LIMIT.windowMs) + 1;
  return SIGN_IN_START_RATE_LIMIT.limit * windows;
}

const attack: VolumeAttack = {
  name: "anonymous-writes",
  finding: "7: anonymous OTP and social-login starts grow the database for ever",
  async run(): Promise<VolumeOutcome> {
    const figures: string[] = [];
    const failures: string[] = [];
    const app = await startApp({ name: "anonymous-writes", overHttp: false, trustProxy: false, siteUrl: true });
    try {
      const before = rowCounts(app.databasePath);
      const headers = { Origin: app.origin, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" };
      const otp = await flood(OTP_STARTS, { concurrency: CONCURRENCY, deadlineMs: DEADLINE_MS }, async (index) => {
        const response = await fetch(`${app.origin}/api/v1/accounts/otp/get`, {
          method: "POST",
          headers,
          body: JSON.stringify({ device_id: `flood-device-${index}` }),
        });
        await response.arrayBuffer();
        return response.status;
      });
      const social = await flood(SOCIAL_STARTS, { concurrency: CONCURRENCY, deadlineMs: DEADLINE_MS }, async (index) => {
        const provider = ["vk", "google", "patreon", "discord"][index % 4];
        const response = await fetch(`${app.origin}/api/v1/accounts/users/auth/social/${provider}/login`, { headers });
        await response.arrayBuffer();
        return response.status;
      });
      const after = rowCounts(app.databasePath);

      const describe = (label: string, tally: FloodTally) =>
        `${label}: ${tally.sent.toLocaleString("en-US")} sent in ${tally.seconds.toFixed(1)} s — ${describeStatuses(tally.statuses)}` +
        ` (${(tally.statuses.get(429) ?? 0).toLocaleString("en-US")} refused with 429)`;
      figures.push(describe("device-code requests", otp), describe("social-login starts", social));
      figures.push(`rows before: ${TABLES.map((table) => `${table} ${before[table]}`).join(", ")}`);
      figures.push(`rows after:  ${TABLES.map((table) => `${table} ${after[table]}`).join(", ")}`);

      // A busy machine answers slower: the flood stops at its deadline, and the bound below still holds for what was sent.
      for (const tally of [otp, social]) if (tally.cutShort) figures.push(`a flood stopped at its ${DEADLINE_MS / 1000} s deadline`);
      const startsGrowth = after.otp_codes - before.otp_codes + (after.social_logins - before.social_logins);
      const bound = allowedGrowth(otp.seconds + social.seconds);
      figures.push(
        `pending rows added by the floods: ${startsGrowth} (bound ${bound}: ${SIGN_IN_START_RATE_LIMIT.limit} a minute per client)`,
      );
      if (startsGrowth > bound)
        failures.push(`otp_codes + social_logins grew by ${startsGrowth} rows, more than the per-client limit's ${bound}`);
      if (after.otp_codes > MAX_PENDING_OTP_CODES)
        failures.push(`otp_codes holds ${after.otp_codes} rows, above its ceiling ${MAX_PENDING_OTP_CODES}`);
      if (after.social_logins > MAX_PENDING_SOCIAL_LOGINS)
        failures.push(`social_logins holds ${after.social_logins} rows, above its ceiling ${MAX_PENDING_SOCIAL_LOGINS}`);
      for (const table of ["outbox", "account_tokens"] as const)
        if (after[table] > before[table])
          failures.push(`${table} grew from ${before[table]} to ${after[table]} rows without any mail sent`);
      for (const [label, tally] of [
        ["device-code requests", otp],
        ["social-login starts", social],
      ] as const) {
        const unexpected = [...tally.statuses.keys()].filter((status) => status !== 200 && status !== 429);
        if (unexpected.length > 0) failures.push(`${label} answered ${describeStatuses(tally.statuses)}: only 200 and 429 are expected`);
      }
      if (app.log.errorLines.length > 0) failures.push(`the server logged ${app.log.errorLines.length} errors: ${app.log.errorLines[0]}`);
    } finally {
      await app.stop();
    }
    return { figures, failures };
  },
};

export default attack;
