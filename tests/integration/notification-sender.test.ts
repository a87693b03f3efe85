// The notification sender against a stand-in push service that checks the VAPID signature and decrypts each
// message (tests/support/push-service.ts), on a notifications SQLite file of its own; and two senders on one real
// Redis: one leader, no message twice (decision 0284).
import { createECDH } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisConnection } from "~/.server/redis.server";
import { loopbackHopsForTests, PUBLIC_HTTPS_HOPS } from "~/.server/outbound-fetch.server";
import { setBell } from "~/.server/notifications/bells.server";
import { queueDeliveries, recordEpisodes, type SeenEpisode } from "~/.server/notifications/deliveries.server";
import { closeNotificationsDb } from "~/.server/notifications/notifications-db.server";
import { addSubscription, deviceCountOf } from "~/.server/notifications/push-subscriptions.server";
import { sendPush, type Vapid } from "~/.server/notifications/push-send.server";
import { redisLease } from "~/.server/notifications/sender-lease.server";
import type { ApiCalls } from "~/.server/api/handle";
import type { BellOwner } from "~/domain/episode-bell";
import { dispatchDue, payloadOf, senderRound } from "~/features/episode-bell/sender.server";
import { PushServiceStandIn } from "../support/push-service";
import { freePort, REDIS_SERVER, startRedis, type RunningProgram } from "../support/real-servers";

const directory = mkdtempSync(path.join(tmpdir(), "notifications-"));
process.env.NOTIFICATIONS_DB = path.join(directory, "notifications.sqlite");

function vapidKeys(): Vapid {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  return {
    publicKey: curve.getPublicKey("base64url"),
    privateKey: curve.getPrivateKey().toString("base64url"),
    subject: "mailto:ops@example.com",
  };
}

const vapid = vapidKeys();
const service = new PushServiceStandIn(vapid.publicKey);
/** A second push service (another port: another host to the sender). */
const otherService = new PushServiceStandIn(vapid.publicKey);
const loopback = loopbackHopsForTests();
const sendToStandIn = (delivery: Parameters<Parameters<typeof dispatchDue>[0]>[0]) =>
  sendPush(delivery.subscription, payloadOf(delivery.episode), vapid, loopback);

let nextRelease = 100;
let nextAccount = 1;

/** A title with one episode out, a bell on it for a new account, and `devices` devices of that account. */
function belledTitle(devices: number, on: PushServiceStandIn = service) {
  const releaseId = (nextRelease += 1);
  const owner: BellOwner = { kind: "account", accountId: (nextAccount += 1) };
  setBell({ owner, release: { id: releaseId, alias: `title-${releaseId}`, title: `Тайтл ${releaseId}` }, mode: "all", inLists: false });
  const endpoints = Array.from({ length: devices }, () => {
    const device = on.device();
    expect(addSubscription(owner, device, `198.51.100.${nextAccount}`)).toEqual({ ok: true });
    return device.endpoint;
  });
  const episode = (ordinal: number): SeenEpisode => ({
    episodeId: `ep-${releaseId}-${ordinal}`,
    releaseId,
    ordinal,
    alias: `title-${releaseId}`,
    title: `Тайтл ${releaseId}`,
    poster: "/storage/poster.webp",
  });
  recordEpisodes([episode(1)]);
  /** The next episode comes out: recorded and queued, as the watcher does. */
  const comesOut = (ordinal: number) => recordEpisodes([episode(ordinal)]).reduce((sum, fresh) => sum + queueDeliveries(fresh), 0);
  return { owner, endpoints, comesOut };
}

beforeAll(async () => {
  await Promise.all([service.start(), otherService.start()]);
});

afterAll(async () => {
  await Promise.all([service.stop(), otherService.stop()]);
  closeNotificationsDb();
  rmSync(directory, { recursive: true, force: true });
});

describe("the notification sender", () => {
  it("sends each new episode once to each device, encrypted and signed, with the player's address", async () => {
    const title = belledTitle(2);
    expect(title.comesOut(2)).toBe(2);
    const counts = await dispatchDue(sendToStandIn);
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
    expect(title.comesOut(2)).toBe(0);
    expect((await dispatchDue(sendToStandIn)).sent).toBe(0);
    expect(service.receivedBy(title.endpoints[0]!)).toHaveLength(1);
  });

  it("drops a device its push service says is gone (410) and retries one that failed (503)", async () => {
    const title = belledTitle(2);
    const [gone, busy] = title.endpoints as [string, string];
    service.answerWith(gone, 410);
    service.answerWith(busy, 503);
    title.comesOut(2);
    const counts = await dispatchDue(sendToStandIn);
    expect(counts).toMatchObject({ gone: 1, retry: 1 });
    expect(deviceCountOf(title.owner)).toBe(1);
    service.answerWith(busy, 201);
    expect((await dispatchDue(sendToStandIn, undefined, Date.now() + 60_000)).sent).toBe(1);
    expect(service.receivedBy(busy)).toHaveLength(1);
  });

  it("does not let a push service that hangs hold up another's devices", async () => {
    const slow = belledTitle(1);
    const fast = belledTitle(1, otherService);
    const [slowEndpoint] = slow.endpoints as [string];
    const [fastEndpoint] = fast.endpoints as [string];
    service.holdMessages(slowEndpoint);
    slow.comesOut(2);
    fast.comesOut(2);
    // Two messages in flight at most, one per push service: the hanging one holds only its own lane.
    const sending = dispatchDue(sendToStandIn, { batch: 10, concurrency: 2, perService: 1 });
    await otherService.untilReceived(1);
    expect(otherService.receivedBy(fastEndpoint)).toHaveLength(1);
    expect(service.receivedBy(slowEndpoint)).toHaveLength(0);
    service.release(slowEndpoint);
    expect((await sending).sent).toBe(2);
    expect(service.receivedBy(slowEndpoint)).toHaveLength(1);
  });

  it("refuses a push service on a private address when sending for real", async () => {
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
  let redis: RunningProgram & { url: string };
  beforeAll(async () => {
    redis = await startRedis(await freePort());
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("have one leader, and every device gets each episode once", async () => {
    const title = belledTitle(3);
    title.comesOut(2);
    const connections = [createRedisConnection(redis.url), createRedisConnection(redis.url)];
    await Promise.all(connections.map((connection) => new Promise((resolve) => connection.once("ready", resolve))));
    const noUpstream = { releases: { latestCards: async () => [] } } as unknown as ApiCalls;
    const senders = connections.map((connection, index) => ({
      options: { lease: redisLease(connection, 30_000, "test:notifications:sender-lease"), vapid, api: noUpstream, policy: loopback },
      holder: `sender-${index}`,
    }));
    const rounds = await Promise.all(senders.map(({ options, holder }) => senderRound(options, holder, 1)));
    expect(rounds.filter(Boolean)).toHaveLength(1);
    // The leader keeps the lease on its next round; the other still waits.
    const again = await Promise.all(senders.map(({ options, holder }) => senderRound(options, holder, 2)));
    expect(again).toEqual(rounds);
    for (const endpoint of title.endpoints) expect(service.receivedBy(endpoint)).toHaveLength(1);
    await Promise.all(connections.map((connection) => connection.quit()));
  });
});
