// The notification sender against a stand-in push service that checks the VAPID signature and decrypts each
// message (tests/support/push-service.ts), on each store: a notifications SQLite file and a real Redis; two senders
// on one Redis in one process; and two sender processes on one store, the leader killed mid-batch: one leader, no
// message twice (decision 0284).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { createRedisConnection } from "~/.server/redis.server";
import { loopbackHopsForTests, PUBLIC_HTTPS_HOPS } from "~/.server/outbound-fetch.server";
import { setBell } from "~/.server/notifications/bells.server";
import { queueDeliveries, recordEpisodes, type SeenEpisode } from "~/.server/notifications/deliveries.server";
import type { NotificationStore } from "~/.server/notifications/notification-store.server";
import { openNotificationsDb } from "~/.server/notifications/notifications-db.server";
import { addSubscription, deviceCountOf } from "~/.server/notifications/push-subscriptions.server";
import { sendPush, type Vapid } from "~/.server/notifications/push-send.server";
import { redisNotificationStore } from "~/.server/notifications/redis-store.server";
import { sqliteNotificationStore } from "~/.server/notifications/sqlite-store.server";
import type { ApiCalls } from "~/.server/api/handle";
import type { BellOwner } from "~/domain/episode-bell";
import { dispatchDue, payloadOf, senderRound } from "~/features/episode-bell/sender.server";
import type { SenderProcessOptions } from "../support/notification-sender-process";
import { newVapidKeyPair } from "../../scripts/lib/vapid-keys.mjs";
import { PushServiceStandIn } from "../support/push-service";
import { freePort, REDIS_SERVER, startRedis, type RunningProgram } from "../support/real-servers";

const directory = mkdtempSync(path.join(tmpdir(), "notifications-"));

const vapid: Vapid = { ...newVapidKeyPair(), subject: "mailto:ops@example.com" };
const service = new PushServiceStandIn(vapid.publicKey);
/** A second push service (another port: another host to the sender). */
const otherService = new PushServiceStandIn(vapid.publicKey);
const loopback = loopbackHopsForTests();
const sendToStandIn = (delivery: Parameters<Parameters<typeof dispatchDue>[0]>[0]) =>
  sendPush(delivery.subscription, payloadOf(delivery.episode), vapid, loopback);
const noUpstream = { releases: { latestCards: async () => [] } } as unknown as ApiCalls;

let redis: (RunningProgram & { url: string }) | undefined;
let connection: ReturnType<typeof createRedisConnection> | undefined;

beforeAll(async () => {
  await Promise.all([service.start(), otherService.start()]);
  if (!REDIS_SERVER) return;
  redis = await startRedis(await freePort());
  connection = createRedisConnection(redis.url);
  await once(connection, "ready");
});

afterAll(async () => {
  await Promise.all([service.stop(), otherService.stop()]);
  await connection?.quit();
  await redis?.stop();
  rmSync(directory, { recursive: true, force: true });
});

let nextRelease = 100;
let nextAccount = 1;

/** A title with one episode out, a bell on it for a new account, and `devices` devices of that account. */
async function belledTitle(store: NotificationStore, devices: number, on: PushServiceStandIn = service) {
  const releaseId = (nextRelease += 1);
  const owner: BellOwner = { kind: "account", accountId: (nextAccount += 1) };
  const now = Date.now();
  await setBell(
    { owner, release: { id: releaseId, alias: `title-${releaseId}`, title: `Тайтл ${releaseId}` }, mode: "all", inLists: false },
    now,
    store,
  );
  const endpoints: string[] = [];
  for (let index = 0; index < devices; index += 1) {
    const device = on.device();
    expect(await addSubscription(owner, device, `198.51.100.${nextAccount}`, now, store)).toEqual({ ok: true });
    endpoints.push(device.endpoint);
  }
  const episode = (ordinal: number): SeenEpisode => ({
    episodeId: `ep-${releaseId}-${ordinal}`,
    releaseId,
    ordinal,
    alias: `title-${releaseId}`,
    title: `Тайтл ${releaseId}`,
    poster: "/storage/poster.webp",
  });
  await recordEpisodes([episode(1)], now, store);
  /** The next episode comes out: recorded and queued, as the watcher does. */
  const comesOut = async (ordinal: number) => {
    let queued = 0;
    for (const fresh of await recordEpisodes([episode(ordinal)], Date.now(), store))
      queued += await queueDeliveries(fresh, Date.now(), store);
    return queued;
  };
  return { owner, endpoints, comesOut };
}

type StoreKind = { name: string; skip: boolean; make: () => NotificationStore };
const STORES: StoreKind[] = [
  { name: "a SQLite file", skip: false, make: () => sqliteNotificationStore(openNotificationsDb(path.join(directory, "sender.sqlite"))) },
  { name: "Redis", skip: !REDIS_SERVER, make: () => redisNotificationStore(connection!, "sender-test:") },
];

describe.each(STORES)("the notification sender on $name", ({ skip, make }) => {
  let store: NotificationStore;
  beforeAll(() => {
    if (!skip) store = make();
  });
  const it = test.skipIf(skip);
  const dispatch = (bounds?: Parameters<typeof dispatchDue>[1], now = Date.now()) => dispatchDue(sendToStandIn, bounds, now, store);

  it("sends each new episode once to each device, encrypted and signed, with the player's address", async () => {
    const title = await belledTitle(store, 2);
    expect(await title.comesOut(2)).toBe(2);
    const counts = await dispatch();
    expect(counts.sent).toBe(2);
    expect(service.refused).toEqual([]);
    for (const endpoint of title.endpoints) {
      expect(service.receivedBy(endpoint).map((message) => message.payload)).toEqual([
        expect.objectContaining({
          title: expect.stringMatching(/^Вышла 2 серия — Тайтл \d+$/),
          url: expect.stringMatching(/^\/anime\/video\/episode\/ep-\d+-2$/),
        }),
      ]);
    }
    // Seen again, sent again: nothing more.
    expect(await title.comesOut(2)).toBe(0);
    expect((await dispatch()).sent).toBe(0);
    expect(service.receivedBy(title.endpoints[0]!)).toHaveLength(1);
  });

  it("drops a device its push service says is gone (410) and retries one that failed (503)", async () => {
    const title = await belledTitle(store, 2);
    const [gone, busy] = title.endpoints as [string, string];
    service.answerWith(gone, 410);
    service.answerWith(busy, 503);
    await title.comesOut(2);
    const counts = await dispatch();
    expect(counts).toMatchObject({ gone: 1, retry: 1 });
    expect(await deviceCountOf(title.owner, store)).toBe(1);
    service.answerWith(busy, 201);
    expect((await dispatch(undefined, Date.now() + 60_000)).sent).toBe(1);
    expect(service.receivedBy(busy)).toHaveLength(1);
  });

  it("does not let a push service that hangs hold up another's devices", async () => {
    const slow = await belledTitle(store, 1);
    const fast = await belledTitle(store, 1, otherService);
    const [slowEndpoint] = slow.endpoints as [string];
    const [fastEndpoint] = fast.endpoints as [string];
    service.holdMessages(slowEndpoint);
    await slow.comesOut(2);
    await fast.comesOut(2);
    // Two messages in flight at most, one per push service: the hanging one holds only its own lane.
    const sending = dispatch({ batch: 10, concurrency: 2, perService: 1 });
    await otherService.untilReceived(otherService.received.length + 1);
    expect(otherService.receivedBy(fastEndpoint)).toHaveLength(1);
    expect(service.receivedBy(slowEndpoint)).toHaveLength(0);
    service.release(slowEndpoint);
    expect((await sending).sent).toBe(2);
    expect(service.receivedBy(slowEndpoint)).toHaveLength(1);
  });
});

describe("sending for real", () => {
  it("sends a push service's messages in a row over one connection, the answers read to their end", async () => {
    const ownService = await new PushServiceStandIn(vapid.publicKey).start();
    try {
      const devices = [ownService.device(), ownService.device(), ownService.device()];
      for (const [index, device] of devices.entries()) {
        const outcome = await sendPush(
          { id: index + 1, owner: "a:0", endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
          payloadOf({ episodeId: `e${index}`, releaseId: 1, ordinal: index + 1, alias: "x", title: "x", poster: null }),
          vapid,
          loopback,
        );
        expect(outcome).toBe("sent");
      }
      expect(ownService.received).toHaveLength(3);
      expect(ownService.connections).toBe(1);
    } finally {
      await ownService.stop();
    }
  });

  it("refuses a push service on a private address", async () => {
    const [device] = [service.device()];
    const privateEndpoint = device.endpoint.replace("127.0.0.1", "localhost").replace("http:", "https:");
    const outcome = await sendPush(
      { id: 1, owner: "a:0", endpoint: privateEndpoint, p256dh: device.p256dh, auth: device.auth },
      payloadOf({ episodeId: "x", releaseId: 1, ordinal: 1, alias: "x", title: "x", poster: null }),
      vapid,
      PUBLIC_HTTPS_HOPS,
    );
    expect(outcome).toBe("failed");
    expect(service.receivedBy(device.endpoint)).toEqual([]);
  });
});

describe.skipIf(!REDIS_SERVER)("two senders on one Redis", () => {
  it("have one leader, and every device gets each episode once", async () => {
    const connections = [createRedisConnection(redis!.url), createRedisConnection(redis!.url)];
    await Promise.all(connections.map((each) => once(each, "ready")));
    const stores = connections.map((each) => redisNotificationStore(each, "two-senders:"));
    const title = await belledTitle(stores[0]!, 3);
    await title.comesOut(2);
    const senders = stores.map((store, index) => ({
      options: { lease: store.lease(30_000), vapid, api: noUpstream, policy: loopback, store, roundMs: 10_000 },
      holder: `sender-${index}`,
    }));
    const rounds = await Promise.all(senders.map(({ options, holder }) => senderRound(options, holder, 1)));
    expect(rounds.filter(Boolean)).toHaveLength(1);
    // The leader keeps the lease on its next round; the other still waits.
    const again = await Promise.all(senders.map(({ options, holder }) => senderRound(options, holder, 2)));
    expect(again).toEqual(rounds);
    for (const endpoint of title.endpoints) expect(service.receivedBy(endpoint)).toHaveLength(1);
    await Promise.all(connections.map((each) => each.quit()));
  });
});

/** A sender in a process of its own (tests/support/notification-sender-process.ts) and the rounds it reports. */
function senderProcess(options: SenderProcessOptions) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("tests/support/notification-sender-process.ts"), JSON.stringify(options)],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_ENV: "test" } },
  );
  const rounds: ("leader" | "follower")[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line !== "leader" && line !== "follower") return;
    rounds.push(line);
    for (const waiter of waiters.filter((entry) => rounds.length >= entry.count)) waiter.resolve();
  });
  return {
    child,
    rounds,
    /** Resolves once the process has reported `count` rounds in all. */
    untilRounds: (count: number) =>
      rounds.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    },
  };
}

const PROCESS_STORES: { name: string; skip: boolean; spec: () => SenderProcessOptions["store"]; make: () => NotificationStore }[] = [
  {
    name: "a SQLite file",
    skip: false,
    spec: () => ({ kind: "sqlite", file: path.join(directory, "processes.sqlite") }),
    make: () => sqliteNotificationStore(openNotificationsDb(path.join(directory, "processes.sqlite"))),
  },
  {
    name: "Redis",
    skip: !REDIS_SERVER,
    spec: () => ({ kind: "redis", url: redis!.url, prefix: "two-processes:" }),
    make: () => redisNotificationStore(connection!, "two-processes:"),
  },
];

describe.each(PROCESS_STORES)("two sender processes on $name", ({ skip, spec, make }) => {
  it(
    "have one leader; the leader killed mid-batch, the other sends the rest, and no device gets a message twice",
    { timeout: 60_000 },
    async ({ skip: skipTest }) => {
      if (skip) skipTest();
      const store = make();
      const title = await belledTitle(store, 6);
      for (const endpoint of title.endpoints) service.holdMessages(endpoint);
      expect(await title.comesOut(2)).toBe(6);
      const received = service.received.length;
      const heldBefore = service.heldSoFar;
      const unreached = () => title.endpoints.reduce((sum, endpoint) => sum + (service.receivedBy(endpoint).length === 0 ? 1 : 0), 0);
      // Two messages a batch: the first leader's batch hangs at the push service, the rest wait in the queue.
      const options = { store: spec(), vapid, leaseMs: 3_000, roundMs: 100, bounds: { batch: 2, concurrency: 2, perService: 2 } };
      const processes = [senderProcess(options), senderProcess(options)];
      try {
        await service.untilHeld(heldBefore + 2);
        await Promise.race(processes.map((each) => each.untilRounds(2)));
        // The leader is mid-batch (it has not finished a round); the other has only waited.
        const leader = processes.find((each) => each.rounds.length === 0)!;
        const other = processes.find((each) => each !== leader)!;
        expect(leader).toBeDefined();
        expect(new Set(other.rounds)).toEqual(new Set(["follower"]));
        await leader.kill();
        // What the killed leader had sent reaches the devices; the queue's rest is the other's once the lease runs out.
        for (const endpoint of title.endpoints) service.release(endpoint);
        await service.untilReceived(received + 6);
        const roundsAfter = other.rounds.length;
        await other.untilRounds(roundsAfter + 3);
        expect(other.rounds.slice(-3)).toEqual(["leader", "leader", "leader"]);
        expect(unreached()).toBe(0);
        for (const endpoint of title.endpoints) expect(service.receivedBy(endpoint)).toHaveLength(1);
        expect(service.refused).toEqual([]);
      } finally {
        await Promise.all(processes.map((each) => each.kill()));
      }
    },
  );
});
