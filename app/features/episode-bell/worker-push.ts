/// <reference lib="WebWorker" />
// The service worker's part of new-episode notifications (decision 0284): a push shows «Вышла N серия — <title>»
// with the poster; a tap opens the player at that episode; «Отписаться от тайтла» turns the title's bell off.
import { BELL_ACTION_PATH, type EpisodePush } from "../../domain/episode-bell";
import { bellStrings } from "./strings";

export const UNSUBSCRIBE_ACTION = "unsubscribe";

const SAFE_PATH = /^\/(?!\/)[^\s\\]*$/;

/** What the sender wrote, or null: a push is input like any other (only paths on this site are followed). */
export function parseEpisodePush(text: string): EpisodePush | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const push = value as Record<string, unknown>;
  const isText = (field: unknown, max: number): field is string => typeof field === "string" && field.length <= max;
  if (
    !isText(push.title, 300) ||
    !isText(push.body, 300) ||
    !isText(push.url, 300) ||
    !isText(push.tag, 100) ||
    !isText(push.episodeId, 64)
  )
    return null;
  if (!SAFE_PATH.test(push.url)) return null;
  if (typeof push.releaseId !== "number" || !Number.isSafeInteger(push.releaseId) || push.releaseId <= 0) return null;
  const icon = isText(push.icon, 1000) && (SAFE_PATH.test(push.icon) || push.icon.startsWith("https://")) ? push.icon : null;
  return { title: push.title, body: push.body, icon, url: push.url, releaseId: push.releaseId, episodeId: push.episodeId, tag: push.tag };
}

export function notificationOptionsOf(push: EpisodePush): NotificationOptions & { actions: { action: string; title: string }[] } {
  return {
    body: push.body,
    icon: push.icon ?? undefined,
    tag: push.tag,
    data: { url: push.url, releaseId: push.releaseId },
    actions: [{ action: UNSUBSCRIBE_ACTION, title: bellStrings.push.unsubscribe }],
  };
}

export async function showEpisodePush(registration: ServiceWorkerRegistration, text: string | null): Promise<void> {
  const push = text ? parseEpisodePush(text) : null;
  if (!push) return;
  await registration.showNotification(push.title, notificationOptionsOf(push));
}

type ClickData = { url: string; releaseId: number };

function clickDataOf(value: unknown): ClickData | null {
  const data = value as Partial<ClickData> | null;
  return data && typeof data.url === "string" && SAFE_PATH.test(data.url) && typeof data.releaseId === "number"
    ? { url: data.url, releaseId: data.releaseId }
    : null;
}

export async function answerNotificationClick(scope: ServiceWorkerGlobalScope, event: NotificationEvent): Promise<void> {
  event.notification.close();
  const data = clickDataOf(event.notification.data);
  if (!data) return;
  if (event.action === UNSUBSCRIBE_ACTION) {
    // A urlencoded form, as the bell's own form posts: the server refuses any other body on a form's address (415).
    const body = new URLSearchParams({ releaseId: String(data.releaseId), mode: "off", via: "fetcher" });
    await fetch(BELL_ACTION_PATH, { method: "POST", body, credentials: "same-origin" }).catch(() => undefined);
    return;
  }
  const target = new URL(data.url, scope.location.origin).toString();
  const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === target);
  if (open) {
    await open.focus();
    return;
  }
  await scope.clients.openWindow(target);
}
