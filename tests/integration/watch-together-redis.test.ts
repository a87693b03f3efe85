// Watch-together rooms over a real redis-server (decision 0262): two registries with their own connections stand for
// two replicas; a room made on one is found on the other, and both hear every command in one order.
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisBus } from "~/.server/message-bus.server";
import { closeRedis, createRedisConnection } from "~/.server/redis.server";
import { roomPosition } from "~/features/watch-together/room-state";
import { redisRoomStore } from "~/features/watch-together/room-store.server";
import { createRoomRegistry, hashKey, randomToken, roomSchema } from "~/features/watch-together/rooms.server";
import { freePort, REDIS_SERVER, startRedis } from "../support/real-servers";

let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
const connections: Redis[] = [];

beforeAll(async () => {
  if (REDIS_SERVER) redis = await startRedis(await freePort());
}, 30_000);

afterAll(async () => {
  await Promise.all(connections.map(closeRedis));
  await redis?.stop();
});

/**
 * A replica: its own connection, the bus and room store of a deployment's prefix. A replica on another bus prefix
 * but the same store prefix stands for one started after every replica of the deployment was restarted.
 */
async function replica({ busPrefix = "anilibria:", storePrefix }: { busPrefix?: string; storePrefix?: string } = {}) {
  const connection = createRedisConnection(redis!.url);
  connections.push(connection);
  await new Promise((resolve) => connection.once("ready", resolve));
  const store = redisRoomStore(connection, storePrefix ?? busPrefix, (value) => roomSchema.safeParse(value).data);
  // No wait for the subscription here: the registry itself publishes nothing before it is in place.
  return createRoomRegistry(redisBus(connection, busPrefix), Date.now, store);
}

async function eventually(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !check(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

describe.skipIf(!REDIS_SERVER)("watch-together rooms through Redis", () => {
  it("a room made on one replica is known, and changed, on the other, in the same order", async () => {
    const first = await replica();
    const second = await replica();
    const roomId = randomToken();
    const hostId = randomToken();
    const guestId = randomToken();
    await first.send(createCommand(roomId, hostId));
    // The second replica's subscription may have come after the create: it asks for the room.
    expect(await second.find(roomId)).toBeDefined();
    await second.send({ type: "join", roomId, at: Date.now(), member: { id: guestId, name: "Боря", keyHash: hashKey("b") } });
    // Two members change the position at once, through different replicas: both replicas end in the same place.
    await Promise.all([
      first.send({ type: "seek", roomId, at: Date.now(), memberId: hostId, position: 10 }),
      second.send({ type: "seek", roomId, at: Date.now(), memberId: guestId, position: 20 }),
    ]);
    await eventually(() => first.known(roomId)?.members.length === 2 && second.known(roomId)?.playback.position !== 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.known(roomId)).toEqual(second.known(roomId));
    expect([10, 20]).toContain(roomPosition(first.known(roomId)!, Date.now()));
  });

  it("a replica that started later gets the room as a snapshot", async () => {
    const first = await replica();
    const roomId = randomToken();
    await first.send({ ...createCommand(roomId, randomToken()), position: 5 });
    await eventually(() => first.known(roomId) !== undefined);
    const late = await replica();
    expect(late.known(roomId)).toBeUndefined();
    expect((await late.find(roomId))?.playback.position).toBe(5);
  });

  it("a room outlives a restart of every replica: kept in Redis, taken back with a fresh grace for its members", async () => {
    const before = await replica({ busPrefix: "restart-old:", storePrefix: "restart:" });
    const roomId = randomToken();
    const hostId = randomToken();
    const guestId = randomToken();
    await before.send(createCommand(roomId, hostId));
    await before.send({ type: "join", roomId, at: Date.now(), member: { id: guestId, name: "Боря", keyHash: hashKey("b") } });
    await before.send({ type: "seek", roomId, at: Date.now(), memberId: hostId, position: 42 });
    await eventually(() => before.known(roomId)?.playback.position === 42);
    // Stored by the replica that published each change, after the change: wait for the last one to be written.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await replica({ busPrefix: "restart-new:", storePrefix: "restart:" });
    const restored = await after.find(roomId);
    expect(restored?.members.map((member) => member.id)).toEqual([hostId, guestId]);
    expect(restored?.playback.position).toBe(42);
    expect(restored?.hostId).toBe(hostId);
    await eventually(() => (after.known(roomId)?.members ?? []).every((member) => Date.now() - member.seenAt < 5_000));
  });

  it("two deployments on one Redis share no room", async () => {
    const first = await replica({ busPrefix: "site-a:" });
    const second = await replica({ busPrefix: "site-b:" });
    const roomId = randomToken();
    await first.send(createCommand(roomId, randomToken()));
    await eventually(() => first.known(roomId) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await second.find(roomId)).toBeUndefined();
  });
});

function createCommand(roomId: string, hostId: string) {
  return {
    type: "create" as const,
    roomId,
    at: Date.now(),
    episodeId: "ep-1",
    position: 0,
    host: { id: hostId, name: "Аня", keyHash: hashKey("a") },
    creators: ["c".repeat(64)],
  };
}
