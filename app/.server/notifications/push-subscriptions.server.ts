// Devices that asked for Web Push (decision 0284): checked like any input (an https endpoint on a public host, a
// real P-256 key, a 16-byte secret), bounded per owner and per address, never logged.
import { ECDH } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import type { BellOwner } from "~/domain/episode-bell";
import { ownerKey } from "./bells.server";
import { isPublicAddress } from "../outbound-fetch.server";
import { notificationStore, type AddSubscriptionResult, type NotificationStore } from "./notification-store.server";

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

export type { AddSubscriptionResult, StoredSubscription } from "./notification-store.server";

export function addSubscription(
  owner: BellOwner,
  input: PushSubscriptionInput,
  clientAddress: string,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<AddSubscriptionResult> {
  return store.putSubscription(ownerKey(owner), input, clientAddress.slice(0, 64), now, {
    perOwner: MAX_DEVICES_PER_OWNER,
    perAddress: MAX_DEVICES_PER_ADDRESS,
  });
}

export async function deviceCountOf(owner: BellOwner, store: NotificationStore = notificationStore()): Promise<number> {
  return (await store.subscriptionIdsOf(ownerKey(owner))).length;
}
