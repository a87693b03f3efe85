// Devices that asked for Web Push (decision 0284): checked like any input (an https endpoint on a public host, a
// real P-256 key, a 16-byte secret), bounded per owner and per address, never logged.
import { ECDH } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import type { BellOwner } from "~/domain/episode-bell";
import { ownerKey } from "./bells.server";
import { isPublicAddress } from "../outbound-fetch.server";
import { notificationsDb, type NotificationsDb } from "./notifications-db.server";

/** Devices of one account or browser: a person's phones, tablets and computers, with room for stale ones. */
export const MAX_DEVICES_PER_OWNER = 10;
/** Devices stored from one client address, whoever they belong to: a household or an office, not a farm. */
export const MAX_DEVICES_PER_ADDRESS = 30;
/** Push services' endpoints are a few hundred characters; this leaves them room and nothing more. */
export const MAX_ENDPOINT_CHARS = 1024;

function isP256PublicKey(text: string): boolean {
  const bytes = Buffer.from(text, "base64url");
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    // Refuses a point that is not on the curve.
    ECDH.convertKey(bytes, "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/** An https address on a name or a public IP literal, default port; a private name is refused again when it resolves. */
export function isAcceptableEndpoint(text: string): boolean {
  if (text.length > MAX_ENDPOINT_CHARS || !URL.canParse(text)) return false;
  const url = new URL(text);
  if (url.protocol !== "https:" || url.username || url.password || (url.port && url.port !== "443")) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return isPublicAddress(host);
  return host.includes(".") && !/\.(localhost|local|internal|lan|home|corp|test|invalid)$/i.test(host) && host !== "localhost";
}

export const PushSubscriptionSchema = z.object({
  endpoint: z.string().max(MAX_ENDPOINT_CHARS).refine(isAcceptableEndpoint, "not an https endpoint on a public host"),
  p256dh: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/)
    .refine(isP256PublicKey, "not a P-256 public key"),
  auth: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/)
    .refine((text) => Buffer.from(text, "base64url").length === 16, "not a 16-byte secret"),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

export type StoredSubscription = { id: number; owner: string; endpoint: string; p256dh: string; auth: string };

export type AddSubscriptionResult = { ok: true } | { ok: false; reason: "too-many-for-owner" | "too-many-for-address" };

export function addSubscription(
  owner: BellOwner,
  input: PushSubscriptionInput,
  clientAddress: string,
  now = Date.now(),
  db: NotificationsDb = notificationsDb(),
): AddSubscriptionResult {
  const key = ownerKey(owner);
  return db.transaction((): AddSubscriptionResult => {
    const existing = db.prepare("SELECT id FROM push_subscriptions WHERE endpoint = ?").get(input.endpoint) as { id: number } | undefined;
    if (existing) {
      // The same browser again (a reload, or a sign-in on it): the device now speaks for this owner.
      db.prepare("UPDATE push_subscriptions SET owner = ?, p256dh = ?, auth = ? WHERE id = ?").run(
        key,
        input.p256dh,
        input.auth,
        existing.id,
      );
      return { ok: true };
    }
    const ofOwner = db.prepare("SELECT COUNT(*) FROM push_subscriptions WHERE owner = ?").pluck().get(key) as number;
    if (ofOwner >= MAX_DEVICES_PER_OWNER) return { ok: false, reason: "too-many-for-owner" };
    const ofAddress = db.prepare("SELECT COUNT(*) FROM push_subscriptions WHERE client_address = ?").pluck().get(clientAddress) as number;
    if (ofAddress >= MAX_DEVICES_PER_ADDRESS) return { ok: false, reason: "too-many-for-address" };
    db.prepare("INSERT INTO push_subscriptions (owner, endpoint, p256dh, auth, client_address, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      key,
      input.endpoint,
      input.p256dh,
      input.auth,
      clientAddress.slice(0, 64),
      now,
    );
    return { ok: true };
  })();
}

export function removeSubscription(id: number, db: NotificationsDb = notificationsDb()): void {
  db.prepare("DELETE FROM push_subscriptions WHERE id = ?").run(id);
}

export function deviceCountOf(owner: BellOwner, db: NotificationsDb = notificationsDb()): number {
  return db.prepare("SELECT COUNT(*) FROM push_subscriptions WHERE owner = ?").pluck().get(ownerKey(owner)) as number;
}

export function subscriptionById(id: number, db: NotificationsDb = notificationsDb()): StoredSubscription | null {
  return (
    (db.prepare("SELECT id, owner, endpoint, p256dh, auth FROM push_subscriptions WHERE id = ?").get(id) as
      StoredSubscription | undefined) ?? null
  );
}
