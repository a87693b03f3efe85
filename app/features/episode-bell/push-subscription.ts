// This device's Web Push subscription, made after a click on the bell (decision 0284) and sent to the server with the
// viewer's time zone (for quiet hours). Loaded on demand from the bell's menu.
import { PUSH_SUBSCRIPTION_PATH } from "~/domain/episode-bell";

export type SubscribeOutcome = "subscribed" | "denied" | "unsupported" | "failed";

const WORKER_READY_TIMEOUT_MS = 10_000;

function bytesOfBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

async function readyWorker(): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS)),
  ]);
}

export async function subscribeThisDevice(publicKey: string): Promise<SubscribeOutcome> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return "denied";
  try {
    const registration = await readyWorker();
    if (!registration) return "unsupported";
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOfBase64Url(publicKey) }));
    const { endpoint, keys } = subscription.toJSON();
    const body = new FormData();
    body.set("endpoint", endpoint ?? "");
    body.set("p256dh", keys?.p256dh ?? "");
    body.set("auth", keys?.auth ?? "");
    body.set("timeZone", Intl.DateTimeFormat().resolvedOptions().timeZone);
    const response = await fetch(PUSH_SUBSCRIPTION_PATH, { method: "POST", body, credentials: "same-origin" });
    return response.ok ? "subscribed" : "failed";
  } catch {
    return "failed";
  }
}
