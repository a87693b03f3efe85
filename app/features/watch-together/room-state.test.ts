import { describe, expect, it } from "vitest";
import { applyCommand, playbackAt, roomBytes, roomIsOver, roomPosition, roomView, viewClockAt, type Room } from "./room-state";
import type { RoomCommand } from "./room-command";
import { ROOM_LIMITS } from "./room-limits";

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
const LEAD = ROOM_LIMITS.commandLeadMs;

describe("a room's playback", () => {
  it("starts paused at the creator's position and runs from a play, a lead after it was given, at the room's rate", () => {
    const room = run([create, join, { type: "play", roomId: ROOM, at: 10_000, memberId: GUEST, position: 30 }])!;
    expect(roomPosition(room, 10_000)).toBe(30);
    expect(roomPosition(room, 10_000 + LEAD)).toBe(30);
    expect(roomPosition(room, 14_000 + LEAD)).toBe(34);
    const faster = run([{ type: "rate", roomId: ROOM, at: 14_000, memberId: HOST, rate: 2 }], room)!;
    // Normal speed until the change acts, then twice as fast from where the room was then.
    expect(roomPosition(faster, 14_000 + LEAD)).toBe(34);
    expect(roomPosition(faster, 15_000 + LEAD)).toBe(36);
  });

  it("stands still while a member buffers, and goes on from the same place a lead after they are ready", () => {
    const playing = run([create, join, { type: "play", roomId: ROOM, at: 10_000 - LEAD, memberId: HOST, position: 0 }])!;
    const held = run([{ type: "buffering", roomId: ROOM, at: 12_000, memberId: GUEST }], playing)!;
    expect(roomPosition(held, 15_000)).toBe(2);
    expect(roomView(held, 15_000).running).toBe(false);
    expect(roomView(held, 15_000).members.find((member) => member.id === GUEST)?.buffering).toBe(true);
    const resumed = run([{ type: "ready", roomId: ROOM, at: 15_000, memberId: GUEST }], held)!;
    expect(roomView(resumed, 15_000 + LEAD - 1)).toMatchObject({ running: false, position: 2 });
    expect(roomPosition(resumed, 16_000 + LEAD)).toBe(3);
  });

  it("stops waiting for a member who buffers longer than the limit", () => {
    const held = run([
      create,
      join,
      { type: "play", roomId: ROOM, at: 0, memberId: HOST, position: 0 },
      { type: "buffering", roomId: ROOM, at: 1_000 + LEAD, memberId: GUEST },
    ])!;
    const waitEnds = 1_000 + LEAD + ROOM_LIMITS.bufferWaitMs;
    expect(roomView(held, waitEnds - 1).running).toBe(false);
    expect(roomView(held, waitEnds).running).toBe(true);
    // The clock goes on from where it stood, not from where it would have been without the wait.
    expect(roomPosition(held, waitEnds)).toBe(1);
    expect(roomPosition(held, waitEnds + 2_000)).toBe(3);
    expect(ROOM_LIMITS.bufferWaitMs).toBe(10_000);
  });

  it("waits as long as the room was made to wait", () => {
    const room = run([
      { ...create, bufferWaitMs: 3_000 } as RoomCommand,
      join,
      { type: "play", roomId: ROOM, at: 0, memberId: HOST, position: 0 },
      { type: "buffering", roomId: ROOM, at: 1_000 + LEAD, memberId: GUEST },
    ])!;
    expect(roomView(room, 1_000 + LEAD + 2_999).running).toBe(false);
    expect(roomView(room, 1_000 + LEAD + 3_000).running).toBe(true);
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
    expect(roomView(bothReady, 9_000 + LEAD)).toMatchObject({ running: true, position: 2 });
    // A member who never loads it is not waited for longer than one who buffers.
    expect(roomView(hostReady, 5_000 + ROOM_LIMITS.bufferWaitMs).running).toBe(true);
  });

  it("keeps the rate within bounds", () => {
    const room = run([create, { type: "rate", roomId: ROOM, at: 5_000, memberId: HOST, rate: 100 }])!;
    expect(room.playback.rate).toBe(ROOM_LIMITS.maxRate);
  });
});

describe("changes that act a lead after they were given (decision 0280)", () => {
  const playing = run([create, join, { type: "play", roomId: ROOM, at: 10_000 - LEAD, memberId: HOST, position: 30 }])!;

  it("holds the room's line until a change acts, so every member acts at the same server time", () => {
    const paused = run([{ type: "pause", roomId: ROOM, at: 20_000, memberId: GUEST, position: 39.9 }], playing)!;
    // Still playing until the pause acts, then standing where the playing room was at that time (no one seeks back).
    expect(playbackAt(paused.playback, 20_000 + LEAD - 100)).toEqual({ position: 40.3, running: true, rate: 1 });
    expect(playbackAt(paused.playback, 20_000 + LEAD)).toEqual({ position: 40.4, running: false, rate: 1 });
    expect(roomPosition(paused, 60_000)).toBe(40.4);
    expect(paused.playback.updatedAt).toBe(20_000 + LEAD);
  });

  it("keeps a started room standing at its place until the start acts", () => {
    const stopped = run([{ type: "pause", roomId: ROOM, at: 20_000, memberId: GUEST, position: 40 }], playing)!;
    const started = run([{ type: "play", roomId: ROOM, at: 30_000, memberId: GUEST, position: 40.4 }], stopped)!;
    expect(roomView(started, 30_000 + LEAD - 1)).toMatchObject({ running: false, position: 40.4 });
    expect(roomView(started, 30_000 + LEAD + 1_500)).toMatchObject({ running: true, position: 41.9 });
  });

  it("moves a seek's members at its time, the line before it holding until then", () => {
    const sought = run([{ type: "seek", roomId: ROOM, at: 20_000, memberId: GUEST, position: 5 }], playing)!;
    expect(playbackAt(sought.playback, 20_000)).toMatchObject({ position: 40, running: true });
    expect(playbackAt(sought.playback, 21_000 + LEAD)).toMatchObject({ position: 6, running: true });
  });

  it("answers a member who hears of a change late by the clock: where the room is by then", () => {
    const faster = run([{ type: "rate", roomId: ROOM, at: 20_000, memberId: GUEST, rate: 1.5 }], playing)!;
    const view = roomView(faster, 20_000);
    // Heard 1.1 s after it acted: the room is 1.1 s × 1.5 on from where it was.
    expect(viewClockAt(view, 20_000 + LEAD + 1_100)).toEqual({ position: 40.4 + 1.65, running: true, rate: 1.5 });
    // While anyone is waited for, the view's own place.
    const waiting = { ...view, members: view.members.map((member) => ({ ...member, buffering: true })) };
    expect(viewClockAt(waiting, 25_000)).toMatchObject({ position: view.position, running: false });
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
