// «Смотреть вместе»: one room's state and the one function that changes it (decision 0262). Every process applies
// the same commands in the same order (the message bus orders them), with the time each command carries, so every
// replica of a room reaches the same state; nothing here reads a clock or a random source.

export const ROOM_LIMITS = {
  /** Rooms one process keeps (each process keeps every room it hears of); about 40 KB each at the worst. */
  roomsPerProcess: 500,
  /** A host-only room of this many holds together on one process (the fan-out is measured at this size). */
  membersPerRoom: 50,
  /** Rooms one address or one account may have open as host at once. */
  roomsPerCreator: 3,
  /** The chat keeps this many latest messages (a ring: the oldest goes). */
  chatMessages: 30,
  messageChars: 500,
  nameChars: 40,
  /** A room without members ends this long after the last one left. */
  emptyGraceMs: 2 * 60_000,
  /**
   * A member no process has streamed to for this long is gone: one who never connected after joining, or whose
   * browser went away. Long enough for a reload on a slow phone, or a deploy that restarts every process.
   */
  presenceGraceMs: 30_000,
  /** And any room ends after this, members or not (a process that died never said its members left). */
  longestLifeMs: 24 * 60 * 60_000,
  /** A member who buffers longer is no longer waited for (their player catches up by a seek). */
  bufferWaitMs: 8_000,
  minRate: 0.25,
  maxRate: 4,
} as const;

export type ControlMode = "all" | "host";

export type Playback = {
  episodeId: string;
  /** Seconds into the episode at `updatedAt`. */
  position: number;
  paused: boolean;
  rate: number;
  /** Server time (ms) at which `position` held. */
  updatedAt: number;
};

export type Member = {
  id: string;
  name: string;
  /** sha256 of the member's secret (the cookie holds the secret); never sent to browsers. */
  keyHash: string;
  joinedAt: number;
  /** Since when this member's player waits for data, or null. */
  bufferingSince: number | null;
  /** The latest server time at which some process streamed to this member (their joining counts as one). */
  seenAt: number;
};

export type ChatMessage = { id: number; memberId: string; name: string; text: string; at: number };

export type Room = {
  id: string;
  hostId: string;
  control: ControlMode;
  playback: Playback;
  members: Member[];
  chat: ChatMessage[];
  nextMessageId: number;
  createdAt: number;
  /** When the last member left, or null while anyone is in. */
  emptySince: number | null;
  /** Whose room it is, for the per-creator bound: hashes of the creator's address and account, never shown. */
  creators: string[];
  /** How many changes the room has had: a stored copy is replaced only by a later one. */
  revision: number;
};

export type NewMember = Pick<Member, "id" | "name" | "keyHash">;

/** What changes a room. Every command carries the room's id and the server time at which it was given. */
export type RoomCommand = { roomId: string; at: number } & (
  | { type: "create"; host: NewMember; episodeId: string; position: number; creators: string[] }
  | { type: "join"; member: NewMember }
  | { type: "leave"; memberId: string }
  | { type: "play"; memberId: string; position: number }
  | { type: "pause"; memberId: string; position: number }
  | { type: "seek"; memberId: string; position: number }
  | { type: "rate"; memberId: string; rate: number }
  | { type: "episode"; memberId: string; episodeId: string }
  | { type: "buffering"; memberId: string }
  | { type: "ready"; memberId: string }
  | { type: "control"; memberId: string; mode: ControlMode }
  | { type: "chat"; memberId: string; text: string }
  /** The host takes a member out. */
  | { type: "remove"; memberId: string; targetId: string }
  /** A process streams to these members now (sent by the processes, not by members). */
  | { type: "presence"; memberIds: string[] }
  /** Members not seen for ROOM_LIMITS.presenceGraceMs at the command's time are taken out (sent by the processes). */
  | { type: "expire" }
);

export type PlaybackCommandType = "play" | "pause" | "seek" | "rate" | "episode";
const PLAYBACK_COMMANDS: ReadonlySet<string> = new Set<PlaybackCommandType>(["play", "pause", "seek", "rate", "episode"]);

/** Why a command changed nothing; null when it applies. The origin checks this before it publishes. */
export type Refusal = "no-room" | "not-member" | "not-allowed" | "room-full" | null;

export function createRoom(command: Extract<RoomCommand, { type: "create" }>): Room {
  return {
    id: command.roomId,
    hostId: command.host.id,
    control: "all",
    playback: { episodeId: command.episodeId, position: clampPosition(command.position), paused: true, rate: 1, updatedAt: command.at },
    members: [{ ...command.host, joinedAt: command.at, bufferingSince: null, seenAt: command.at }],
    chat: [],
    nextMessageId: 1,
    createdAt: command.at,
    emptySince: null,
    creators: command.creators,
    revision: 0,
  };
}

function clampPosition(position: number): number {
  return Number.isFinite(position) ? Math.max(0, position) : 0;
}

/** Members whose buffering the room still waits for at `now`. */
export function waitingMembers(room: Room, now: number): Member[] {
  return room.members.filter((member) => member.bufferingSince !== null && now - member.bufferingSince < ROOM_LIMITS.bufferWaitMs);
}

/** Whether the room's clock runs at `now`: not paused and nobody waited for. */
export function clockRuns(room: Room, now: number): boolean {
  return !room.playback.paused && waitingMembers(room, now).length === 0;
}

/** Where the room's playback is at `now`. */
export function roomPosition(room: Room, now: number): number {
  const { playback } = room;
  if (playback.paused) return playback.position;
  // The clock stood still from the moment the first waited-for member started buffering.
  const waiting = waitingMembers(room, now);
  const runsUntil = waiting.length > 0 ? Math.min(...waiting.map((member) => member.bufferingSince ?? now)) : now;
  return playback.position + ((Math.max(playback.updatedAt, runsUntil) - playback.updatedAt) * playback.rate) / 1000;
}

/** A room at `now` with the position carried forward, so later changes start from where playback is. */
function settled(room: Room, now: number): Playback {
  return { ...room.playback, position: roomPosition(room, now), updatedAt: now };
}

export function refusalOf(room: Room | undefined, command: RoomCommand): Refusal {
  if (command.type === "create") return null;
  if (!room) return "no-room";
  if (command.type === "presence" || command.type === "expire") return null;
  if (command.type === "join") {
    if (room.members.some((member) => member.id === command.member.id)) return null;
    return room.members.length >= ROOM_LIMITS.membersPerRoom ? "room-full" : null;
  }
  if (!room.members.some((member) => member.id === command.memberId)) return "not-member";
  if ((command.type === "control" || command.type === "remove") && command.memberId !== room.hostId) return "not-allowed";
  if (PLAYBACK_COMMANDS.has(command.type) && room.control === "host" && command.memberId !== room.hostId) return "not-allowed";
  return null;
}

/**
 * What a command changed: the playback and members (`state`), a chat message, or only what members are not shown
 * (`quiet`: when each was last seen).
 */
export type RoomChange = { kind: "state" } | { kind: "chat"; message: ChatMessage } | { kind: "quiet" } | null;

/** Applies one command; returns the room after it (undefined once it ended) and what changed. */
export function applyCommand(room: Room | undefined, command: RoomCommand): { room: Room | undefined; change: RoomChange } {
  if (command.type === "create") return room ? { room, change: null } : { room: createRoom(command), change: { kind: "state" } };
  if (!room || refusalOf(room, command) !== null) return { room, change: null };
  const { at } = command;
  switch (command.type) {
    case "join": {
      if (room.members.some((member) => member.id === command.member.id)) return { room, change: null };
      const members = [...room.members, { ...command.member, joinedAt: at, bufferingSince: null, seenAt: at }];
      return { room: { ...room, members, emptySince: null }, change: { kind: "state" } };
    }
    case "leave":
      return withoutMembers(room, new Set([command.memberId]), at);
    case "remove":
      if (command.targetId === command.memberId) return { room, change: null };
      return withoutMembers(room, new Set([command.targetId]), at);
    case "presence": {
      const present = new Set(command.memberIds);
      if (!room.members.some((member) => present.has(member.id) && member.seenAt < at)) return { room, change: null };
      const members = room.members.map((member) => (present.has(member.id) && member.seenAt < at ? { ...member, seenAt: at } : member));
      return { room: { ...room, members }, change: { kind: "quiet" } };
    }
    case "expire":
      return withoutMembers(room, new Set(absentMembers(room, at).map((member) => member.id)), at);
    case "play":
      return {
        room: { ...room, playback: { ...room.playback, position: clampPosition(command.position), paused: false, updatedAt: at } },
        change: { kind: "state" },
      };
    case "pause":
      return {
        room: { ...room, playback: { ...room.playback, position: clampPosition(command.position), paused: true, updatedAt: at } },
        change: { kind: "state" },
      };
    case "seek":
      return {
        room: withoutBuffering({ ...room, playback: { ...room.playback, position: clampPosition(command.position), updatedAt: at } }),
        change: { kind: "state" },
      };
    case "rate": {
      const rate = Math.min(ROOM_LIMITS.maxRate, Math.max(ROOM_LIMITS.minRate, command.rate));
      return { room: { ...room, playback: { ...settled(room, at), rate } }, change: { kind: "state" } };
    }
    case "episode":
      if (command.episodeId === room.playback.episodeId) return { room, change: null };
      // Everyone opens and loads the new episode at their own pace: the room starts it when all are ready (or have
      // been waited for long enough), so that nobody's first seconds are a seek after the others.
      return {
        room: {
          ...room,
          playback: { ...room.playback, episodeId: command.episodeId, position: 0, updatedAt: at },
          members: room.members.map((member) => ({ ...member, bufferingSince: at })),
        },
        change: { kind: "state" },
      };
    case "buffering": {
      const member = room.members.find((candidate) => candidate.id === command.memberId);
      if (!member || member.bufferingSince !== null) return { room, change: null };
      const playback = settled(room, at);
      const members = room.members.map((candidate) =>
        candidate.id === command.memberId ? { ...candidate, bufferingSince: at } : candidate,
      );
      return { room: { ...room, playback, members }, change: { kind: "state" } };
    }
    case "ready": {
      const member = room.members.find((candidate) => candidate.id === command.memberId);
      if (!member || member.bufferingSince === null) return { room, change: null };
      const playback = settled(room, at);
      const members = room.members.map((candidate) =>
        candidate.id === command.memberId ? { ...candidate, bufferingSince: null } : candidate,
      );
      return { room: { ...room, playback, members }, change: { kind: "state" } };
    }
    case "control":
      if (room.control === command.mode) return { room, change: null };
      return { room: { ...room, control: command.mode }, change: { kind: "state" } };
    case "chat": {
      const author = room.members.find((member) => member.id === command.memberId)!;
      const message: ChatMessage = { id: room.nextMessageId, memberId: author.id, name: author.name, text: command.text, at };
      const chat = [...room.chat.slice(-(ROOM_LIMITS.chatMessages - 1)), message];
      return { room: { ...room, chat, nextMessageId: room.nextMessageId + 1 }, change: { kind: "chat", message } };
    }
  }
}

/** The room without these members; the host's part passes to whoever has been in longest. */
function withoutMembers(room: Room, gone: ReadonlySet<string>, at: number): { room: Room; change: RoomChange } {
  if (!room.members.some((member) => gone.has(member.id))) return { room, change: null };
  const playback = settled(room, at);
  const members = room.members.filter((member) => !gone.has(member.id));
  const hostId = gone.has(room.hostId) ? (members[0]?.id ?? room.hostId) : room.hostId;
  return { room: { ...room, members, hostId, playback, emptySince: members.length === 0 ? at : null }, change: { kind: "state" } };
}

/** Members no process has streamed to for longer than the grace at `now`. */
export function absentMembers(room: Room, now: number): Member[] {
  return room.members.filter((member) => now - member.seenAt > ROOM_LIMITS.presenceGraceMs);
}

/** A seek starts everyone afresh: earlier buffering is over. */
function withoutBuffering(room: Room): Room {
  if (room.members.every((member) => member.bufferingSince === null)) return room;
  return { ...room, members: room.members.map((member) => ({ ...member, bufferingSince: null })) };
}

/** Whether the room should be forgotten at `now`. */
export function roomIsOver(room: Room, now: number): boolean {
  if (now - room.createdAt > ROOM_LIMITS.longestLifeMs) return true;
  return room.emptySince !== null && now - room.emptySince > ROOM_LIMITS.emptyGraceMs;
}

/** About what a room takes in memory: its strings at two bytes a character plus a fixed cost per record. */
export function roomBytes(room: Room): number {
  const RECORD_BYTES = 200;
  let bytes = RECORD_BYTES + (room.id.length + room.hostId.length + room.playback.episodeId.length + room.creators.join("").length) * 2;
  for (const member of room.members) bytes += RECORD_BYTES + (member.id.length + member.name.length + member.keyHash.length) * 2;
  for (const message of room.chat) bytes += RECORD_BYTES + (message.memberId.length + message.name.length + message.text.length) * 2;
  return bytes;
}

/** Why a member's stream is closed by the room: they left, the host took them out, nobody saw them for too long, or the room ended. */
export type GoneReason = "left" | "removed" | "absent" | "ended";

/** What a member's browser is told of the room: no secrets. */
export type RoomView = {
  id: string;
  hostId: string;
  control: ControlMode;
  playback: Playback;
  /** Whether the room's clock runs at `now` (not paused, nobody waited for). */
  running: boolean;
  /** Where playback is at `now`. */
  position: number;
  members: { id: string; name: string; buffering: boolean }[];
  /** Server time (ms) at which this view was made: the browser measures its clock against it. */
  now: number;
};

export function roomView(room: Room, now: number): RoomView {
  const waiting = new Set(waitingMembers(room, now).map((member) => member.id));
  return {
    id: room.id,
    hostId: room.hostId,
    control: room.control,
    playback: room.playback,
    running: clockRuns(room, now),
    position: roomPosition(room, now),
    members: room.members.map((member) => ({ id: member.id, name: member.name, buffering: waiting.has(member.id) })),
    now,
  };
}
