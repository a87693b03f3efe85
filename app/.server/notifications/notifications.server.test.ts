// The parts of episode notifications that need no store: the subscription's checks, quiet hours, and the SQLite
// lease's timing (decision 0284). The rules on both stores: tests/integration/notification-store.test.ts.
import { createECDH, randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { openNotificationsDb, type NotificationsDb } from "./notifications-db.server";
import { PushSubscriptionSchema } from "./push-subscriptions.server";
import { sqliteLease } from "./sender-lease.server";
import { quietHoursEnd } from "./viewer-settings.server";

function deviceKeys() {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  return { p256dh: curve.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") };
}

function device(host = "push.example.com") {
  return { endpoint: `https://${host}/send/${randomBytes(12).toString("base64url")}`, ...deviceKeys() };
}

let db: NotificationsDb;
beforeEach(() => {
  db = openNotificationsDb(":memory:");
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
