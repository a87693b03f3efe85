// What anonymous callers make the database write stays bounded (decision 0250).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT } from "../demo-constants";
import { TestClient, asJson } from "../test-support";
import { MAX_OUTSTANDING_TOKENS } from "./account-tokens";
import { MAX_OUTBOX_MAILS, MAX_PENDING_OTP_CODES, MAX_PENDING_SOCIAL_LOGINS, sweepExpired } from "./housekeeping";
import { OTP_LIFETIME_SECONDS } from "./otp-routes";

const directory = mkdtempSync(path.join(tmpdir(), "embedded-housekeeping-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** An API on a file of its own, a clock the test moves, and a second connection to count and plant rows. */
function apiWithClock(name: string) {
  const dbPath = path.join(directory, `${name}.sqlite`);
  let now = new Date("2026-03-01T12:00:00.000Z");
  const client = new TestClient({ dbPath, seed: { releases: 5 }, now: () => now });
  const db = new Database(dbPath);
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  return {
    client,
    db,
    count,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
    now: () => now,
    close: () => {
      db.close();
      client.close();
    },
  };
}

describe("expired and spent rows", () => {
  it("are deleted when the next one of their kind is written", async () => {
    const api = apiWithClock("on-write");
    for (let device = 0; device < 20; device += 1) await api.client.post("/accounts/otp/get", { body: { device_id: `device-${device}` } });
    for (let start = 0; start < 20; start += 1) await api.client.get("/accounts/users/auth/social/vk/login");
    expect(api.count("otp_codes")).toBe(20);
    expect(api.count("social_logins")).toBe(20);

    api.advance(16 * 60 * 1000);
    await api.client.post("/accounts/otp/get", { body: { device_id: "late-device" } });
    await api.client.get("/accounts/users/auth/social/vk/login");
    expect(api.count("otp_codes")).toBe(1);
    expect(api.count("social_logins")).toBe(1);
    api.close();
  });

  it("are deleted by the sweep, mails once no link in them still works", async () => {
    const api = apiWithClock("sweep");
    await api.client.post("/accounts/otp/get", { body: { device_id: "tv" } });
    await api.client.get("/accounts/users/auth/social/google/login");
    await api.client.post("/accounts/users/auth/password/forget", { body: { email: DEMO_ACCOUNT.email } });
    expect(api.count("account_tokens")).toBe(1);
    expect(api.count("outbox")).toBe(1);

    api.advance(OTP_LIFETIME_SECONDS * 1000 + 1);
    expect(sweepExpired(api.db, api.now())).toEqual({ otpCodes: 1, socialLogins: 0, accountTokens: 0, outbox: 0 });
    api.advance(60 * 60 * 1000);
    expect(sweepExpired(api.db, api.now())).toEqual({ otpCodes: 0, socialLogins: 1, accountTokens: 1, outbox: 0 });
    api.advance(23 * 60 * 60 * 1000);
    expect(sweepExpired(api.db, api.now())).toEqual({ otpCodes: 0, socialLogins: 0, accountTokens: 0, outbox: 1 });
    api.close();
  });

  it("a device code, once used to sign in, is gone", async () => {
    const api = apiWithClock("consumed");
    const code = asJson(asJson((await api.client.post("/accounts/otp/get", { body: { device_id: "tv" } })).body).otp).code as string;
    const token = await api.client.signIn();
    await api.client.post("/accounts/otp/accept", { token, body: { code } });
    expect((await api.client.post("/accounts/otp/login", { body: { code, device_id: "tv" } })).status).toBe(200);
    expect(sweepExpired(api.db, api.now()).otpCodes).toBe(1);
    api.close();
  });
});

describe("ceilings", () => {
  it("no more pending device codes or social states than the ceiling, whoever asks", async () => {
    const api = apiWithClock("ceilings");
    const expires = new Date(api.now().getTime() + 60_000).toISOString();
    const created = api.now().toISOString();
    api.db.transaction(() => {
      const otp = api.db.prepare("INSERT INTO otp_codes (code, device_id, expires_at, created_at) VALUES (?, ?, ?, ?)");
      for (let row = 0; row < MAX_PENDING_OTP_CODES; row += 1) otp.run(String(row).padStart(6, "0"), `planted-${row}`, expires, created);
      const social = api.db.prepare(
        "INSERT INTO social_logins (state_hash, provider, host, purpose, expires_at, created_at) VALUES (?, 'vk', 'http://app.test', 'login', ?, ?)",
      );
      for (let row = 0; row < MAX_PENDING_SOCIAL_LOGINS; row += 1) social.run(`planted-${row}`, expires, created);
    })();

    const device = await api.client.post("/accounts/otp/get", { body: { device_id: "one-more" } });
    expect(device.status).toBe(429);
    expect(String(asJson(device.body).message)).toMatch(/Попробуйте через несколько минут/);
    expect((await api.client.get("/accounts/users/auth/social/vk/login")).status).toBe(429);
    expect(api.count("otp_codes")).toBe(MAX_PENDING_OTP_CODES);
    expect(api.count("social_logins")).toBe(MAX_PENDING_SOCIAL_LOGINS);

    // Once the planted ones expire, new ones are made again.
    api.advance(60_001);
    expect((await api.client.post("/accounts/otp/get", { body: { device_id: "one-more" } })).status).toBe(200);
    expect((await api.client.get("/accounts/users/auth/social/vk/login")).status).toBe(200);
    api.close();
  });

  it("an account holds a few unused links per purpose and the outbox the newest mails", async () => {
    const api = apiWithClock("tokens");
    for (let request = 0; request < MAX_OUTSTANDING_TOKENS + 5; request += 1)
      await api.client.post("/accounts/users/auth/password/forget", { body: { email: DEMO_ACCOUNT.email } });
    expect(api.count("account_tokens")).toBe(MAX_OUTSTANDING_TOKENS);
    // The newest link still works.
    const mailbox = (await api.client.get("/embedded/mailbox")).text;
    const newest = decodeURIComponent(/resetPassword\?token=([^"&<\s]+)/.exec(mailbox)?.[1] ?? "");
    const reset = await api.client.post("/accounts/users/auth/password/reset", {
      body: { token: newest, password: "another-horse-2", password_confirmation: "another-horse-2" },
    });
    expect(reset.status).toBe(200);

    const created = api.now().toISOString();
    const mail = api.db.prepare("INSERT INTO outbox (to_address, subject, body_text, link, created_at) VALUES ('a@b.c', 's', 'b', 'l', ?)");
    api.db.transaction(() => {
      for (let row = 0; row < MAX_OUTBOX_MAILS + 100; row += 1) mail.run(created);
    })();
    await api.client.post("/accounts/users/auth/password/forget", { body: { email: DEMO_ACCOUNT.email } });
    expect(api.count("outbox")).toBe(MAX_OUTBOX_MAILS);
    api.close();
  });
});
