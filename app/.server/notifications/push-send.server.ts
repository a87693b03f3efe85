// One Web Push message to one device (decision 0284): encrypted (RFC 8291, aes128gcm) and signed (VAPID) by
// web-push, sent by our own request so that the push service's host is resolved and refused when private, the
// answer is bounded and the wait has a deadline.
import webPush from "web-push";
import type { EpisodePush } from "~/domain/episode-bell";
import {
  fetchHop,
  keptConnections,
  OutboundRefusedError,
  PUBLIC_HTTPS_HOPS,
  type HopPolicy,
  type KeptConnections,
} from "../outbound-fetch.server";
import type { StoredSubscription } from "./push-subscriptions.server";

export type Vapid = { publicKey: string; privateKey: string; subject: string };

export type PushPayload = EpisodePush;

/** `sent`: done; `gone`: the device unsubscribed (404/410), drop it; `retry`: later; `failed`: not worth another try. */
export type PushOutcome = "sent" | "gone" | "retry" | "failed";

/** A push service that has not answered by then is tried again later; the others are not kept waiting. */
export const PUSH_TIMEOUT_MS = 10_000;
/** A notification still worth showing a day late; later the push service may drop it. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const MAX_ANSWER_BYTES = 16 * 1024;
/**
 * A round's messages to one push service follow each other: each takes a connection the last one left open. One
 * left idle this long is closed (Node's own server closes one after 5 s); the sender's lanes bound those in use.
 */
const IDLE_CONNECTION_MS = 4_000;
const IDLE_CONNECTIONS_PER_SERVICE = 8;
const connectionsByPolicy = new WeakMap<HopPolicy, KeptConnections>();

function connectionsFor(policy: HopPolicy): KeptConnections {
  let connections = connectionsByPolicy.get(policy);
  if (!connections) {
    connections = keptConnections(policy, { idleMs: IDLE_CONNECTION_MS, idlePerHost: IDLE_CONNECTIONS_PER_SERVICE });
    connectionsByPolicy.set(policy, connections);
  }
  return connections;
}

export function outcomeOfStatus(status: number): PushOutcome {
  if (status >= 200 && status < 300) return "sent";
  if (status === 404 || status === 410) return "gone";
  if (status === 408 || status === 425 || status === 429 || status >= 500) return "retry";
  return "failed";
}

export async function sendPush(
  subscription: StoredSubscription,
  payload: PushPayload,
  vapid: Vapid,
  policy: HopPolicy = PUBLIC_HTTPS_HOPS,
): Promise<PushOutcome> {
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: TIME_TO_LIVE_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  try {
    const response = await fetchHop(new URL(details.endpoint), {
      method: "POST",
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      maxBytes: MAX_ANSWER_BYTES,
      policy,
      connections: connectionsFor(policy),
    });
    // Read to its end (within the cap and the deadline), the connection can take the next message.
    await response.arrayBuffer().catch(() => undefined);
    return outcomeOfStatus(response.status);
  } catch (error) {
    // A refused address or scheme never becomes acceptable; a network failure or a timeout may pass.
    return error instanceof OutboundRefusedError ? "failed" : "retry";
  }
}
