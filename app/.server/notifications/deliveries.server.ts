// What the sender has seen and what it owes (decision 0284): every episode it has seen, and one row per (device,
// episode) written before anything is sent, so a message goes to a device once, ever, whichever process sends it.
import { bellRings } from "~/domain/episode-bell";
import { notificationStore, type DueDelivery, type NotificationStore, type SeenEpisode } from "./notification-store.server";
import { quietHoursEnd, viewerSettingsOfKey } from "./viewer-settings.server";

/** Messages waiting at most: past this a new one is written as failed (kept once-ever, never sent) and counted. */
export const MAX_QUEUED_DELIVERIES = 50_000;
/** Tries of one message before it is given up. */
export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Rows of sent, failed and gone messages are kept this long (the once-ever guard for an episode seen again). */
export const DELIVERY_RETENTION_MS = 90 * 24 * 60 * 60_000;

export type { DueDelivery, SeenEpisode } from "./notification-store.server";

/** Records episodes of a release; answers the ones not seen before. A release never seen before is recorded silently. */
export async function recordEpisodes(
  episodes: readonly SeenEpisode[],
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<SeenEpisode[]> {
  const added = await store.addEpisodes(
    episodes.map((episode) => ({ ...episode, title: episode.title.slice(0, 300) })),
    now,
  );
  const byId = new Map(episodes.map((episode) => [episode.episodeId, episode]));
  return added.flatMap(({ episode, releaseKnown }) => (releaseKnown ? [byId.get(episode.episodeId) ?? episode] : []));
}

export function releasesWithBells(store: NotificationStore = notificationStore()): Promise<number[]> {
  return store.belledReleases();
}

/**
 * One queued row per device whose owner's bell rings for the episode's release, due when the owner's quiet hours
 * allow; an existing row (this device was told already) is left alone. Answers how many were queued.
 */
export async function queueDeliveries(
  episode: SeenEpisode,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
  maxQueued = MAX_QUEUED_DELIVERIES,
): Promise<number> {
  const ringing = (await store.bellsOfRelease(episode.releaseId)).filter((bell) => bellRings(bell.mode, bell.inLists));
  const deliveries = await Promise.all(
    ringing.map(async ({ owner }) => {
      const [devices, settings] = await Promise.all([store.subscriptionIdsOf(owner), viewerSettingsOfKey(owner, store)]);
      const dueAt = quietHoursEnd(settings.quiet, now);
      return devices.map((subscriptionId) => ({ subscriptionId, dueAt }));
    }),
  );
  return store.addDeliveries(episode.episodeId, deliveries.flat(), now, maxQueued);
}

/**
 * Takes up to `limit` due messages for sending: each is marked `sending` as it is taken, so no other sender takes
 * it; one that a crash leaves `sending` is never sent again (at most once).
 */
export function claimDueDeliveries(
  limit: number,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<DueDelivery[]> {
  return store.claimDue(limit, now);
}

export type DeliveryResult = "sent" | "gone" | "retry" | "failed";

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export async function settleDelivery(
  delivery: DueDelivery,
  result: DeliveryResult,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<void> {
  const key = { subscriptionId: delivery.subscription.id, episodeId: delivery.episode.episodeId };
  if (result === "gone") await store.removeSubscription(delivery.subscription.id);
  else if (result === "retry" && delivery.attempts < MAX_ATTEMPTS) await store.requeue(key, now + retryDelayMs(delivery.attempts));
  else await store.finish(key, result === "sent" ? "sent" : "failed");
}

/** Drops the rows of settled messages (and of claims a crash left) after DELIVERY_RETENTION_MS. */
export function sweepDeliveries(now = Date.now(), store: NotificationStore = notificationStore()): Promise<void> {
  return store.sweepDeliveries(now - DELIVERY_RETENTION_MS);
}

/**
 * Forgets the episodes of titles nobody rings for once the newest is DELIVERY_RETENTION_MS old: the guard against
 * telling a device twice is its delivery rows, swept by then too. A title belled again is recorded silently.
 */
export function sweepSeenEpisodes(now = Date.now(), store: NotificationStore = notificationStore()): Promise<number> {
  return store.sweepEpisodes(now - DELIVERY_RETENTION_MS);
}

/** The newest episodes, seen after `since`, of the titles whose bell rings for `ownerKey`: «С прошлого визита». */
export async function episodesSince(
  ownerKeyText: string,
  since: number,
  limit: number,
  store: NotificationStore = notificationStore(),
): Promise<SeenEpisode[]> {
  const ringing = (await store.bells(ownerKeyText)).filter((bell) => bellRings(bell.mode, bell.inLists));
  // Episodes seen before the bell was set are not news to its owner.
  const seen = await Promise.all(ringing.map((bell) => store.episodesSeenAfter(bell.releaseId, Math.max(since, bell.updatedAt))));
  return seen
    .flat()
    .sort((a, b) => b.seenAt - a.seenAt || (b.ordinal ?? 0) - (a.ordinal ?? 0))
    .slice(0, limit)
    .map(({ seenAt: _seenAt, ...episode }) => episode);
}
