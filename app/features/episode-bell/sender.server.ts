// The one sender of new-episode notifications (decision 0284). Every process may start it; only the holder of the
// lease works: it looks at the upstream's latest releases for titles someone rings for, records their new
// episodes, writes one row per (device, episode) and sends the due ones — bounded in number, in parallel, per
// push service, in tries.
import { randomBytes } from "node:crypto";
import type { ApiCalls } from "~/.server/api/handle";
import { callsOf } from "~/.server/api/handle";
import { apiContext, sharedContext } from "~/.server/api/context";
import { getEnv } from "~/.server/env.server";
import { logInfo, logWarn } from "~/.server/log.server";
import {
  claimDueDeliveries,
  queueDeliveries,
  recordEpisodes,
  releasesWithBells,
  settleDelivery,
  sweepDeliveries,
  sweepSeenEpisodes,
  type DueDelivery,
  type SeenEpisode,
} from "~/.server/notifications/deliveries.server";
import { sweepVisitors } from "~/.server/notifications/bells.server";
import { sendPush, type PushOutcome, type PushPayload, type Vapid } from "~/.server/notifications/push-send.server";
import { notificationStore, type NotificationStore } from "~/.server/notifications/notification-store.server";
import type { Lease } from "~/.server/notifications/sender-lease.server";
import type { HopPolicy } from "~/.server/outbound-fetch.server";
import { imageSource } from "~/domain/image";
import { releaseTitle, type Release } from "~/domain/release";
import { episodePath } from "~/domain/site-paths";
import { formatOrdinal } from "~/i18n/format";
import { bellStrings } from "./strings";

/** The latest releases looked at per round: a title with a new episode is among them. */
const LATEST_LOOKED_AT = 50;
/** A leader that missed this many rounds in a row (stopped, hung, cut off) loses the lease to another process. */
const ROUNDS_PER_LEASE = 3;
const SWEEP_EVERY_ROUNDS = 60;

export type SenderBounds = {
  /** Messages taken from the queue per round. */
  batch: number;
  /** Messages in flight at once. */
  concurrency: number;
  /** Messages in flight to one push service: a slow one holds at most this many of `concurrency`. */
  perService: number;
};

// Most devices share one push service (a browser maker's): its lanes are the sending's pace; half of all leaves a
// service that hangs only half of the sending.
export const DEFAULT_BOUNDS: SenderBounds = { batch: 500, concurrency: 16, perService: 8 };

export function episodesOf(release: Pick<Release, "id" | "alias" | "name" | "poster" | "episodes">): SeenEpisode[] {
  const title = releaseTitle(release);
  const poster = imageSource(release.poster);
  return release.episodes.map((episode) => ({
    episodeId: episode.id,
    releaseId: release.id,
    ordinal: episode.ordinal,
    alias: release.alias,
    title,
    poster,
  }));
}

export function payloadOf(episode: SeenEpisode): PushPayload {
  const ordinal = formatOrdinal(episode.ordinal);
  return {
    title: ordinal ? bellStrings.push.newEpisode(ordinal, episode.title) : bellStrings.push.newSpecial(episode.title),
    body: "",
    icon: episode.poster,
    url: episodePath(episode.episodeId),
    releaseId: episode.releaseId,
    episodeId: episode.episodeId,
    tag: `episode:${episode.episodeId}`,
  };
}

/** Looks for new episodes of the titles someone rings for; answers how many messages it queued. */
export async function watchForEpisodes(api: ApiCalls, now = Date.now(), store: NotificationStore = notificationStore()): Promise<number> {
  const belled = new Set(await releasesWithBells(store));
  if (belled.size === 0) return 0;
  const latest = await api.releases.latestCards(LATEST_LOOKED_AT);
  const ids = latest.map((card) => card.id).filter((id) => belled.has(id));
  if (ids.length === 0) return 0;
  const { items } = await api.releases.byIds({ ids, limit: ids.length });
  let queued = 0;
  for (const release of items) {
    for (const episode of await recordEpisodes(episodesOf(release), now, store)) queued += await queueDeliveries(episode, now, store);
  }
  return queued;
}

function serviceOf(delivery: DueDelivery): string {
  return URL.canParse(delivery.subscription.endpoint) ? new URL(delivery.subscription.endpoint).host : "";
}

/** A counting semaphore: at most `slots` holders at once. */
function semaphore(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (free > 0) {
        free -= 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

export type SendOne = (delivery: DueDelivery) => Promise<PushOutcome>;

type Counts = Record<PushOutcome, number>;

const noneSent = (): Counts => ({ sent: 0, gone: 0, retry: 0, failed: 0 });

/** Sends the due messages: each push service has its own lanes, so one that hangs delays only its own devices. */
export async function dispatchDue(
  send: SendOne,
  bounds: SenderBounds = DEFAULT_BOUNDS,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<Counts> {
  const counts = noneSent();
  const due = await claimDueDeliveries(bounds.batch, now, store);
  const byService = new Map<string, DueDelivery[]>();
  for (const delivery of due) {
    const service = serviceOf(delivery);
    byService.set(service, [...(byService.get(service) ?? []), delivery]);
  }
  const global = semaphore(bounds.concurrency);
  const lane = async (queue: DueDelivery[]) => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await global.acquire();
      let outcome: PushOutcome;
      try {
        outcome = await send(next);
      } catch {
        outcome = "retry";
      } finally {
        global.release();
      }
      counts[outcome] += 1;
      await settleDelivery(next, outcome, Date.now(), store);
    }
  };
  await Promise.all(
    [...byService.values()].flatMap((queue) => Array.from({ length: Math.min(bounds.perService, queue.length) }, () => lane(queue))),
  );
  return counts;
}

export type SenderOptions = {
  lease: Lease;
  /** Null: push is off; the sender still records new episodes for «С прошлого визита». */
  vapid: Vapid | null;
  api: ApiCalls;
  bounds?: SenderBounds;
  /** Where push services may be (tests: a stand-in on loopback); production: https on public addresses. */
  policy?: HopPolicy;
  holder?: string;
  /** Where the bells, devices and messages are; the process's store by default. */
  store?: NotificationStore;
  /** The pause between rounds, and the longest a round goes on sending. */
  roundMs: number;
};

/**
 * Sends batch after batch while they come full, for at most one round: every device of a popular title is told in
 * the round that saw its episode, not a batch a round; and a leader never sends past its lease.
 */
async function drainDue(send: SendOne, options: SenderOptions, store: NotificationStore): Promise<Counts> {
  const bounds = options.bounds ?? DEFAULT_BOUNDS;
  const counts = noneSent();
  const until = Date.now() + options.roundMs;
  for (;;) {
    const batch = await dispatchDue(send, bounds, Date.now(), store);
    let taken = 0;
    for (const outcome of Object.keys(counts) as PushOutcome[]) {
      counts[outcome] += batch[outcome];
      taken += batch[outcome];
    }
    if (taken < bounds.batch || Date.now() >= until) return counts;
  }
}

/** One round: take or keep the lease, then watch and send. Answers whether this process was the sender. */
export async function senderRound(options: SenderOptions, holder: string, round: number): Promise<boolean> {
  if (!(await options.lease.tryHold(holder))) return false;
  const store = options.store ?? notificationStore();
  try {
    const queued = await watchForEpisodes(options.api, Date.now(), store);
    const { vapid } = options;
    const counts = vapid
      ? await drainDue((delivery) => sendPush(delivery.subscription, payloadOf(delivery.episode), vapid, options.policy), options, store)
      : noneSent();
    if (queued > 0 || counts.sent + counts.gone + counts.retry + counts.failed > 0) logInfo("notifications sent", { queued, ...counts });
    if (round % SWEEP_EVERY_ROUNDS === 0) {
      await sweepDeliveries(Date.now(), store);
      await sweepSeenEpisodes(Date.now(), store);
      await sweepVisitors(Date.now(), store);
    }
  } catch (error) {
    logWarn("notification sender round failed", { error });
  }
  return true;
}

export function newHolderId(): string {
  return `${process.pid}:${randomBytes(6).toString("base64url")}`;
}

export type RunningSender = { stop(): Promise<void> };

/** Rounds every `roundMs` until stopped; a round never overlaps the previous one. */
export function runSender(options: SenderOptions): RunningSender {
  const holder = options.holder ?? newHolderId();
  let round = 0;
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    current = senderRound(options, holder, round++).finally(() => {
      if (!stopped) timer = setTimeout(tick, options.roundMs);
    });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current.catch(() => undefined);
      await options.lease.release(holder);
    },
  };
}

let running: RunningSender | null = null;

/** Started by the HTTP server in every process (server hooks); off with NOTIFICATION_SENDER=off; sends only with VAPID keys. */
export function startNotificationSender(): void {
  const env = getEnv();
  if (running || env.NOTIFICATION_SENDER === "off") return;
  const roundMs = env.NOTIFICATION_ROUND_SECONDS * 1000;
  const lease = notificationStore().lease(ROUNDS_PER_LEASE * roundMs);
  const origin = env.SITE_URL ?? `http://localhost:${env.PORT}`;
  const api = callsOf(sharedContext(apiContext(new Request(`${origin}/`))));
  running = runSender({ lease, vapid: env.vapid, api, roundMs });
}

export async function stopNotificationSender(): Promise<void> {
  await running?.stop();
  running = null;
}
