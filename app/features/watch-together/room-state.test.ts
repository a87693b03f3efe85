import { describe, expect, it } from "vitest";
import { applyCommand, roomBytes, roomIsOver, roomPosition, roomView, ROOM_LIMITS, type Room, type RoomCommand } from "./room-state";

const ROOM = "r".repeat(22);
const HOST = "h".repeat(22);
const GUEST = "g".repeat(22);
const KEY = "0".repeat(64);

function run(commands: RoomCommand[], start?: Room): Room | undefined {
  let room = start;
  for (const command of commands) room = applyCommand(room, command).room;
  return room;
}

const create: RoomCommand = {
  type: "create",
  roomId: ROOM,
  at: 1_000,
  episodeId: "ep-1",
  position: 30,
  host: { id: HOST, name: "Аня", keyHash: KEY },
  creators: ["c".repeat(64)],
};
const join: RoomCommand = { type: "join", roomId: ROOM, at: 2_000, member: { id: GUEST, name: "Боря", keyHash: KEY } };

describe("a room's playback", () => {
  it("starts paused at the creator's position and runs from a play at the room's rate", () => {
    const room = run([create, join, { type: "play", roomId: ROOM, at: 10_000, memberId: GUEST, position: 30 }])!;
    expect(roomPosition(room, 10_000)).toBe(30);
    expect(roomPosition(room, 14_000)).toBe(34);
    const faster = run([{ type: "rate", roomId: ROOM, at: 14_000, memberId: HOST, rate: 2 }], room)!;
    expect(roomPosition(faster, 15_000)).toBe(36);
  });

  it("stands still while a member buffers, and runs again from the same place when they are ready", () => {
    const playing = run([create, join, { type: "play", roomId: ROOM, at: 10_000, memberId: HOST, position: 0 }])!;
    const held = run([{ type: "buffering", roomId: ROOM, at: 12_000, memberId: GUEST }], playing)!;
    expect(roomPosition(held, 15_000)).toBe(2);
    expect(roomView(held, 15_000).running).toBe(false);
    expect(roomView(held, 15_000).members.find((member) => member.id === GUEST)?.buffering).toBe(true);
    const resumed = run([{ type: "ready", roomId: ROOM, at: 15_000, memberId: GUEST }], held)!;
    expect(roomPosition(resumed, 16_000)).toBe(3);
  });

  it("stops waiting for a member who buffers longer than the limit", () => {
    const held = run([
      create,
      join,
      { type: "play", roomId: ROOM, at: 0, memberId: HOST, position: 0 },
      { type: "buffering", roomId: ROOM, at: 1_000, memberId: GUEST },
    ])!;
    expect(roomView(held, 1_000 + ROOM_LIMITS.bufferWaitMs - 1).running).toBe(false);
    expect(roomView(held, 1_000 + ROOM_LIMITS.bufferWaitMs).running).toBe(true);
  });

  it("starts a new episode from its beginning", () => {
    const room = run([create, { type: "episode", roomId: ROOM, at: 5_000, memberId: HOST, episodeId: "ep-2" }])!;
    expect(room.playback).toMatchObject({ episodeId: "ep-2", position: 0 });
  });

  it("starts a playing room's new episode once every member has loaded it", () => {
    const changed = run([
      create,
      join,
      { type: "play", roomId: ROOM, at: 1_000, memberId: HOST, position: 0 },
      { type: "episode", roomId: ROOM, at: 5_000, memberId: HOST, episodeId: "ep-2" },
    ])!;
    expect(roomView(changed, 6_000)).toMatchObject({ running: false, position: 0 });
    expect(roomView(changed, 6_000).members.map((member) => member.buffering)).toEqual([true, true]);
    const hostReady = run([{ type: "ready", roomId: ROOM, at: 6_000, memberId: HOST }], changed)!;
    expect(roomView(hostReady, 7_000)).toMatchObject({ running: false, position: 0 });
    const bothReady = run([{ type: "ready", roomId: ROOM, at: 7_000, memberId: GUEST }], hostReady)!;
    expect(roomView(bothReady, 9_000)).toMatchObject({ running: true, position: 2 });
    // A member who never loads it is not waited for longer than one who buffers.
    expect(roomView(hostReady, 5_000 + ROOM_LIMITS.bufferWaitMs).running).toBe(true);
  });

  it("keeps the rate within bounds", () => {
    const room = run([create, { type: "rate", roomId: ROOM, at: 5_000, memberId: HOST, rate: 100 }])!;
    expect(room.playback.rate).toBe(ROOM_LIMITS.maxRate);
  });
});

describe("who may do what", () => {
  it("lets everyone control until the host says only they do", () => {
    const guestPause: RoomCommand = { type: "pause", roomId: ROOM, at: 6_000, memberId: GUEST, position: 40 };
    expect(applyCommand(run([create, join]), guestPause).change).not.toBeNull();
    const hostOnly = run([create, join, { type: "control", roomId: ROOM, at: 3_000, memberId: HOST, mode: "host" }]);
    expect(applyCommand(hostOnly, guestPause).change).toBeNull();
    // A guest cannot take the control back either.
    expect(applyCommand(hostOnly, { type: "control", roomId: ROOM, at: 7_000, memberId: GUEST, mode: "all" }).change).toBeNull();
  });

  it("ignores commands of someone who is not in the room", () => {
    const stranger = "s".repeat(22);
    expect(applyCommand(run([create]), { type: "chat", roomId: ROOM, at: 5_000, memberId: stranger, text: "привет" }).change).toBeNull();
  });

  it("passes the host's part to whoever has been in longest when the host leaves", () => {
    const room = run([create, join, { type: "leave", roomId: ROOM, at: 5_000, memberId: HOST }])!;
    expect(room.hostId).toBe(GUEST);
  });

  it("refuses a member past the room's size", () => {
    let room = run([create])!;
    for (let index = 1; index < ROOM_LIMITS.membersPerRoom; index += 1) {
      room = run(
        [
          {
            type: "join",
            roomId: ROOM,
            at: 2_000 + index,
            member: { id: String(index).padStart(22, "m"), name: `n${index}`, keyHash: KEY },
          },
        ],
        room,
      )!;
    }
    expect(room.members).toHaveLength(ROOM_LIMITS.membersPerRoom);
    expect(applyCommand(room, join).change).toBeNull();
  });
});

describe("the room's bounds", () => {
  it("keeps only the latest chat messages", () => {
    let room = run([create])!;
    for (let index = 0; index < ROOM_LIMITS.chatMessages + 10; index += 1) {
      room = run([{ type: "chat", roomId: ROOM, at: 3_000 + index, memberId: HOST, text: `сообщение ${index}` }], room)!;
    }
    expect(room.chat).toHaveLength(ROOM_LIMITS.chatMessages);
    expect(room.chat.at(-1)?.text).toBe(`сообщение ${ROOM_LIMITS.chatMessages + 9}`);
    expect(room.chat[0]?.text).toBe("сообщение 10");
  });

  it("ends a room the grace period after its last member left, and any room after its longest life", () => {
    const empty = run([create, { type: "leave", roomId: ROOM, at: 5_000, memberId: HOST }])!;
    expect(roomIsOver(empty, 5_000 + ROOM_LIMITS.emptyGraceMs)).toBe(false);
    expect(roomIsOver(empty, 5_001 + ROOM_LIMITS.emptyGraceMs)).toBe(true);
    const back = run([{ type: "join", roomId: ROOM, at: 6_000, member: { id: GUEST, name: "Боря", keyHash: KEY } }], empty)!;
    expect(roomIsOver(back, 6_000 + ROOM_LIMITS.emptyGraceMs * 2)).toBe(false);
    expect(roomIsOver(back, 1_001 + ROOM_LIMITS.longestLifeMs)).toBe(true);
  });

  it("stays under 64 KB full: every member, every message at the longest", () => {
    let room = run([create])!;
    for (let index = 1; index < ROOM_LIMITS.membersPerRoom; index += 1) {
      room = run(
        [
          {
            type: "join",
            roomId: ROOM,
            at: 2_000 + index,
            member: { id: String(index).padStart(22, "m"), name: "я".repeat(ROOM_LIMITS.nameChars), keyHash: KEY },
          },
        ],
        room,
      )!;
    }
    for (let index = 0; index < ROOM_LIMITS.chatMessages; index += 1) {
      room = run([{ type: "chat", roomId: ROOM, at: 3_000 + index, memberId: HOST, text: "ж".repeat(ROOM_LIMITS.messageChars) }], room)!;
    }
    const bytes = roomBytes(room);
    expect(bytes).toBeLessThan(64 * 1024);
    expect(Buffer.byteLength(JSON.stringify(room))).toBeLessThan(64 * 1024);
  });
});

describe("who is in a room", () => {
  const joined = () => run([create, join])!;

  it("keeps a member some process streams to; takes out one nobody has seen for the grace", () => {
    const seen = run([{ type: "presence", roomId: ROOM, at: 20_000, memberIds: [HOST] }], joined())!;
    const expired = run([{ type: "expire", roomId: ROOM, at: 20_000 + ROOM_LIMITS.presenceGraceMs }], seen)!;
    expect(expired.members.map((member) => member.id)).toEqual([HOST]);
  });

  it("a host who is seen stays host; one nobody sees hands the part to the longest in", () => {
    const seen = run([{ type: "presence", roomId: ROOM, at: 40_000, memberIds: [GUEST] }], joined())!;
    const expired = run([{ type: "expire", roomId: ROOM, at: 40_000 }], seen)!;
    expect(expired.hostId).toBe(GUEST);
    expect(expired.members.map((member) => member.id)).toEqual([GUEST]);
  });

  it("only the host removes, and not themself", () => {
    expect(applyCommand(joined(), { type: "remove", roomId: ROOM, at: 3_000, memberId: GUEST, targetId: HOST }).change).toBeNull();
    expect(applyCommand(joined(), { type: "remove", roomId: ROOM, at: 3_000, memberId: HOST, targetId: HOST }).change).toBeNull();
    const removed = run([{ type: "remove", roomId: ROOM, at: 3_000, memberId: HOST, targetId: GUEST }], joined())!;
    expect(removed.members.map((member) => member.id)).toEqual([HOST]);
  });

  it("a presence is a quiet change: nothing for the members to be told", () => {
    expect(applyCommand(joined(), { type: "presence", roomId: ROOM, at: 5_000, memberIds: [GUEST] }).change).toEqual({ kind: "quiet" });
    expect(applyCommand(joined(), { type: "presence", roomId: ROOM, at: 1_500, memberIds: [GUEST] }).change).toBeNull();
  });
});
