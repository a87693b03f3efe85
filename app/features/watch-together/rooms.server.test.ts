import { describe, expect, it } from "vitest";
import { processBus } from "~/.server/message-bus.server";
import { memberEventStream } from "./room-http.server";
import { ROOM_LIMITS, roomPosition, type RoomCommand } from "./room-state";
import { createRoomRegistry, hashKey, randomToken, STREAM_QUEUE_BYTES } from "./rooms.server";

function roomOn(registry: ReturnType<typeof createRoomRegistry>) {
  const roomId = randomToken();
  const hostId = randomToken();
  const key = randomToken();
  const create: RoomCommand = {
    type: "create",
    roomId,
    at: Date.now(),
    episodeId: "ep-1",
    position: 12,
    host: { id: hostId, name: "Аня", keyHash: hashKey(key) },
  };
  return { roomId, hostId, key, created: registry.send(create) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("rooms across processes (two registries on one bus)", () => {
  it("a process that does not know a room gets it from one that does, with the commands after its request", async () => {
    const bus = processBus();
    const first = createRoomRegistry(bus);
    const second = createRoomRegistry(bus);
    const { roomId, hostId, created } = roomOn(first);
    await created;
    await settle();
    // The second process also heard the create: forget it there, as a process started later would not have it.
    expect(second.known(roomId)).toBeDefined();
    const late = createRoomRegistry(bus);
    const found = late.find(roomId);
    // A command published while the late process waits for the snapshot.
    await first.send({ type: "play", roomId, at: Date.now(), memberId: hostId, position: 12 });
    const room = await found;
    expect(room?.id).toBe(roomId);
    await settle();
    expect(late.known(roomId)?.playback.paused).toBe(false);
    expect(late.known(roomId)).toEqual(first.known(roomId));
  });

  it("answers a room nobody knows with undefined after a short wait", async () => {
    const registry = createRoomRegistry(processBus());
    expect(await registry.find(randomToken())).toBeUndefined();
  });

  it("streams a change made through one process to a member attached to the other", async () => {
    const bus = processBus();
    const first = createRoomRegistry(bus);
    const second = createRoomRegistry(bus);
    const { roomId, hostId, created } = roomOn(first);
    await created;
    await settle();
    const events: string[] = [];
    second.attach(roomId, { memberId: hostId, send: (event) => events.push(event), close: () => undefined });
    await first.send({ type: "chat", roomId, at: Date.now(), memberId: hostId, text: "привет" });
    await first.send({ type: "pause", roomId, at: Date.now(), memberId: hostId, position: 40 });
    await settle();
    expect(events).toEqual(["chat", "state"]);
    // The pause acts a lead after the server took it: from then on the room stands at 40 in both processes.
    expect(roomPosition(second.known(roomId)!, Date.now() + ROOM_LIMITS.commandLeadMs)).toBe(40);
  });

  it("checks a member's secret", async () => {
    const registry = createRoomRegistry(processBus());
    const { roomId, hostId, key, created } = roomOn(registry);
    await created;
    await settle();
    const room = registry.known(roomId)!;
    expect(registry.memberOf(room, hostId, key)?.id).toBe(hostId);
    expect(registry.memberOf(room, hostId, randomToken())).toBeUndefined();
  });

  it("keeps no more rooms than its bound", async () => {
    const registry = createRoomRegistry(processBus());
    for (let index = 0; index < ROOM_LIMITS.roomsPerProcess + 5; index += 1) await roomOn(registry).created;
    await settle();
    expect(registry.size()).toBe(ROOM_LIMITS.roomsPerProcess);
  });

  it("forgets a room the grace period after its last member left", async () => {
    let now = 1_000_000;
    const registry = createRoomRegistry(processBus(), () => now);
    const { roomId, hostId, created } = roomOn(registry);
    await created;
    await registry.send({ type: "leave", roomId, at: now, memberId: hostId });
    await settle();
    now += ROOM_LIMITS.emptyGraceMs + 1;
    registry.sweep();
    expect(registry.known(roomId)).toBeUndefined();
  });
});

describe("a member's event stream", () => {
  it("is cut off once a member who never reads has more than its bound waiting", async () => {
    let send: (event: string, data: unknown) => void = () => undefined;
    let detached = false;
    const stream = memberEventStream(
      new AbortController().signal,
      (sendEvent) => {
        send = sendEvent;
        return () => (detached = true);
      },
      60_000,
    );
    const reader = stream.getReader();
    const message = "ж".repeat(ROOM_LIMITS.messageChars);
    const events = Math.ceil(STREAM_QUEUE_BYTES / Buffer.byteLength(message)) + 2;
    for (let index = 0; index < events; index += 1) send("chat", { text: message });
    expect(detached).toBe(true);
    await expect(reader.read()).rejects.toThrow(/too slowly/);
  });

  it("ends when the browser goes away", async () => {
    const gone = new AbortController();
    let detached = false;
    const stream = memberEventStream(gone.signal, () => () => (detached = true), 60_000);
    const reader = stream.getReader();
    gone.abort();
    expect(detached).toBe(true);
    expect((await reader.read()).done).toBe(true);
  });
});
