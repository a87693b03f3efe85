import { describe, expect, it } from "vitest";
import { processBus } from "~/.server/message-bus.server";
import type { RoomCommand } from "./room-command";
import { ROOM_LIMITS } from "./room-limits";
import { roomPosition } from "./room-state";
import { createRoomRegistry, hashKey, randomToken, type MemberStream } from "./rooms.server";

function roomOn(registry: ReturnType<typeof createRoomRegistry>, clock: () => number = Date.now) {
  const roomId = randomToken();
  const hostId = randomToken();
  const key = randomToken();
  const create: RoomCommand = {
    type: "create",
    roomId,
    at: clock(),
    episodeId: "ep-1",
    position: 12,
    host: { id: hostId, name: "Аня", keyHash: hashKey(key) },
    creators: ["c".repeat(64)],
  };
  return { roomId, hostId, key, created: registry.send(create) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const decoder = new TextDecoder();

/** A member's stream that hands each event's text to `heard`; `closed` says whether the room closed it. */
function streamOf(memberId: string, heard: (text: string) => void = () => undefined, address = "192.0.2.1") {
  const stream: MemberStream & { closed: boolean; chunks: Uint8Array[] } = {
    memberId,
    address,
    closed: false,
    chunks: [],
    push: (event) => {
      stream.chunks.push(event.bytes);
      heard(decoder.decode(event.bytes));
    },
    close: () => (stream.closed = true),
  };
  return stream;
}

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
    second.attach(
      roomId,
      streamOf(hostId, (text) => events.push(text.slice("event: ".length, text.indexOf("\n")))),
    );
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

describe("who is in a room follows who is connected, on every process", () => {
  async function twoProcesses() {
    let now = 1_000_000;
    const bus = processBus();
    const clock = () => now;
    const first = createRoomRegistry(bus, clock);
    const second = createRoomRegistry(bus, clock);
    const { roomId, hostId, created } = roomOn(first, () => now);
    await created;
    const guestId = randomToken();
    await first.send({ type: "join", roomId, at: now, member: { id: guestId, name: "Боря", keyHash: hashKey("b") } });
    await settle();
    return { first, second, roomId, hostId, guestId, pass: (ms: number) => (now += ms), now: () => now };
  }

  it("a host whose reload lands on another process stays the host: the stream there keeps them in", async () => {
    const { first, second, roomId, hostId, guestId, pass } = await twoProcesses();
    const onFirst = first.attach(roomId, streamOf(hostId));
    const guestStream = first.attach(roomId, streamOf(guestId));
    await settle();
    // The reload: the stream on the first process closes, one on the second opens.
    onFirst();
    second.attach(roomId, streamOf(hostId));
    for (let tick = 0; tick < 6; tick += 1) {
      pass(10_000);
      first.announcePresence();
      second.announcePresence();
      await settle();
      first.sweep();
      second.sweep();
      await settle();
    }
    expect(first.known(roomId)?.hostId).toBe(hostId);
    expect(second.known(roomId)?.members.map((member) => member.id)).toEqual([hostId, guestId]);
    guestStream();
  });

  it("a member who never connects is gone after the grace; the room follows on every process", async () => {
    const { first, second, roomId, hostId, guestId, pass } = await twoProcesses();
    first.attach(roomId, streamOf(hostId));
    pass(ROOM_LIMITS.presenceGraceMs / 2);
    first.announcePresence();
    await settle();
    first.sweep();
    await settle();
    expect(second.known(roomId)?.members).toHaveLength(2);
    pass(ROOM_LIMITS.presenceGraceMs / 2 + 1_000);
    first.announcePresence();
    await settle();
    second.sweep();
    await settle();
    expect(first.known(roomId)?.members.map((member) => member.id)).toEqual([hostId]);
    expect(second.known(roomId)?.members.map((member) => member.id)).toEqual([hostId]);
    void guestId;
  });

  it("«Выйти» takes the member out at once, even while their stream is still open, and closes it everywhere", async () => {
    const { first, second, roomId, hostId, guestId } = await twoProcesses();
    const guestStream = streamOf(guestId);
    second.attach(roomId, guestStream);
    await settle();
    await first.send({ type: "leave", roomId, at: Date.now(), memberId: guestId });
    await settle();
    expect(first.known(roomId)?.members.map((member) => member.id)).toEqual([hostId]);
    expect(second.known(roomId)?.members.map((member) => member.id)).toEqual([hostId]);
    expect(guestStream.closed).toBe(true);
    expect(decoder.decode(guestStream.chunks.at(-1))).toContain('"reason":"left"');
    // A presence still on its way changes nothing: the member is out.
    second.announcePresence();
    await settle();
    expect(first.known(roomId)?.members).toHaveLength(1);
  });

  it("the host can take a member out; a guest cannot", async () => {
    const { first, roomId, hostId, guestId } = await twoProcesses();
    const hostStream = streamOf(hostId);
    first.attach(roomId, hostStream);
    expect(await first.send({ type: "remove", roomId, at: Date.now(), memberId: guestId, targetId: hostId })).toBe("not-allowed");
    const guestStream = streamOf(guestId);
    first.attach(roomId, guestStream);
    expect(await first.send({ type: "remove", roomId, at: Date.now(), memberId: hostId, targetId: guestId })).toBeNull();
    await settle();
    expect(first.known(roomId)?.members.map((member) => member.id)).toEqual([hostId]);
    expect(guestStream.closed).toBe(true);
    expect(decoder.decode(guestStream.chunks.at(-1))).toContain('"reason":"removed"');
    expect(hostStream.closed).toBe(false);
  });

  it("a room nobody connects to ends within minutes, not a day", async () => {
    const { first, roomId, pass } = await twoProcesses();
    pass(ROOM_LIMITS.presenceGraceMs + 1_000);
    first.sweep();
    await settle();
    expect(first.known(roomId)?.members).toHaveLength(0);
    pass(ROOM_LIMITS.emptyGraceMs + 1_000);
    first.sweep();
    expect(first.known(roomId)).toBeUndefined();
  });
});

describe("a room's events cost the same bytes however many streams hear them", () => {
  it("encodes each event once and queues the very same bytes for every member", async () => {
    const registry = createRoomRegistry(processBus());
    const { roomId, hostId, created } = roomOn(registry);
    await created;
    await settle();
    const streams = Array.from({ length: 5 }, () => streamOf(hostId));
    for (const stream of streams) registry.attach(roomId, stream);
    await registry.send({ type: "chat", roomId, at: Date.now(), memberId: hostId, text: "привет" });
    await settle();
    const chunks = streams.map((stream) => stream.chunks.at(-1));
    expect(new Set(chunks).size).toBe(1);
  });

  it("counts streams per process and per address", async () => {
    const registry = createRoomRegistry(processBus());
    const { roomId, hostId, created } = roomOn(registry);
    await created;
    const detach = registry.attach(roomId, streamOf(hostId, undefined, "198.51.100.7"));
    registry.attach(roomId, streamOf(hostId, undefined, "198.51.100.8"));
    expect(registry.streamCount()).toBe(2);
    expect(registry.streamsFrom("198.51.100.7")).toBe(1);
    detach();
    expect(registry.streamsFrom("198.51.100.7")).toBe(0);
  });
});
