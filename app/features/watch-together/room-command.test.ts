import { describe, expect, it } from "vitest";
import { MemberCommandSchema, RoomCommandSchema, type MemberCommand } from "./room-command";
import { ROOM_LIMITS } from "./room-limits";

const ROOM = "r".repeat(22);
const MEMBER = "m".repeat(22);
const OTHER = "o".repeat(22);

/** What the browser posts for a command (use-room.ts sends it so), read back as the command route reads it. */
function throughTheForm(command: MemberCommand): unknown {
  const body = new URLSearchParams(Object.entries(command).map(([name, value]) => [name, String(value)]));
  return Object.fromEntries(body);
}

const memberCommands: MemberCommand[] = [
  { type: "play", position: 12.5 },
  { type: "pause", position: 0 },
  { type: "seek", position: 86_400 },
  { type: "rate", rate: 1.5 },
  { type: "episode", episodeId: "6d3c1f0e-2a4b-4c5d-8e9f-0a1b2c3d4e5f" },
  { type: "buffering" },
  { type: "ready" },
  { type: "leave" },
  { type: "control", mode: "host" },
  { type: "remove", targetId: OTHER },
  { type: "chat", text: "Привет" },
];

describe("a room's command, one schema at every end", () => {
  it.each(memberCommands)("reads back what the browser sends, and the bus takes it stamped: %j", (command) => {
    const read = MemberCommandSchema.parse(throughTheForm(command));
    expect(read).toEqual(command);
    const stamped = { ...read, roomId: ROOM, at: 1_000, memberId: MEMBER };
    expect(RoomCommandSchema.parse(JSON.parse(JSON.stringify(stamped)))).toEqual(stamped);
  });

  it.each([
    [{ type: "rate", rate: String(ROOM_LIMITS.maxRate * 2) }],
    [{ type: "seek", position: "-1" }],
    [{ type: "seek", position: "Infinity" }],
    [{ type: "episode", episodeId: "../x" }],
    [{ type: "control", mode: "everyone" }],
    [{ type: "remove", targetId: "short" }],
    [{ type: "chat", text: "   " }],
    [{ type: "chat", text: "я".repeat(ROOM_LIMITS.messageChars + 1) }],
    // What only the server gives is never a member's.
    [{ type: "create", episodeId: "e", position: "0" }],
    [{ type: "expire" }],
    [{ type: "presence", memberIds: MEMBER }],
  ])("refuses a member's form %j", (form) => {
    expect(MemberCommandSchema.safeParse(form).success).toBe(false);
  });

  it("trims a chat message as the room keeps it", () => {
    expect(MemberCommandSchema.parse({ type: "chat", text: "  привет  " })).toEqual({ type: "chat", text: "привет" });
  });

  it("refuses a command off the bus without the room, the time or the member", () => {
    expect(RoomCommandSchema.safeParse({ type: "pause", position: 1, at: 1, memberId: MEMBER }).success).toBe(false);
    expect(RoomCommandSchema.safeParse({ type: "pause", position: 1, roomId: ROOM, memberId: MEMBER }).success).toBe(false);
    expect(RoomCommandSchema.safeParse({ type: "pause", position: 1, roomId: ROOM, at: 1 }).success).toBe(false);
    expect(RoomCommandSchema.safeParse({ type: "expire", roomId: ROOM, at: 1 }).success).toBe(true);
  });
});
