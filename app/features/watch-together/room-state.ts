// «Смотреть вместе»: one room's state and the one function that changes it (decision 0262). Every process applies
// the same commands in the same order (the message bus orders them), with the time each command carries, so every
// replica of a room reaches the same state; nothing here reads a clock or a random source.
import type { ControlMode, RoomCommand } from "./room-command";
import { ROOM_LIMITS } from "./room-limits";

/** One stretch of the room's clock: from server time `updatedAt` on, at `position` and running unless paused. */
export type PlaybackLine = {
  /** Seconds into the episode at `updatedAt`. */
  position: number;
  paused: boolean;
  rate: number;
  /** Server time (ms) from which this line holds: for a change, the time it acts at (decision 0280). */
  updatedAt: number;
};

export type Playback = PlaybackLine & {
  episodeId: string;
  /**
   * The line that holds until `updatedAt` while a change is still to act (null: the clock stands at `position` until
   * then, and after a change has acted it no longer matters).
   */
  before: PlaybackLine | null;
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
  /** How long a member's buffering is waited for in this room (set when it was made, the same in every replica). */
  bufferWaitMs: number;
};

export type PlaybackCommandType = "play" | "pause" | "seek" | "rate" | "episode";
const PLAYBACK_COMMANDS: ReadonlySet<string> = new Set<PlaybackCommandType>(["play", "pause", "seek", "rate", "episode"]);

/** Why a command changed nothing; null when it applies. The origin checks this before it publishes. */
export type Refusal = "no-room" | "not-member" | "not-allowed" | "room-full" | null;

export function createRoom(command: Extract<RoomCommand, { type: "create" }>): Room {
  return {
    id: command.roomId,
    hostId: command.host.id,
    control: "all",
    playback: {
      episodeId: command.episodeId,
      position: clampPosition(command.position),
      paused: true,
      rate: 1,
      updatedAt: command.at,
      before: null,
    },
    members: [{ ...command.host, joinedAt: command.at, bufferingSince: null, seenAt: command.at }],
    chat: [],
    nextMessageId: 1,
    createdAt: command.at,
    emptySince: null,
    creators: command.creators,
    revision: 0,
    bufferWaitMs: command.bufferWaitMs ?? ROOM_LIMITS.bufferWaitMs,
  };
}

function clampPosition(position: number): number {
  return Number.isFinite(position) ? Math.max(0, position) : 0;
}

/** Members whose buffering the room still waits for at `now`. */
export function waitingMembers(room: Room, now: number): Member[] {
  return room.members.filter((member) => member.bufferingSince !== null && now - member.bufferingSince < room.bufferWaitMs);
}

function lineAt(line: PlaybackLine, time: number): number {
  return line.paused ? line.position : line.position + (Math.max(0, time - line.updatedAt) * line.rate) / 1000;
}

/** The room's clock at server time `time`, by its playback alone (a change still to act: the line before it). */
export function playbackAt(playback: Playback, time: number): { position: number; running: boolean; rate: number } {
  if (time < playback.updatedAt) {
    const { before } = playback;
    // No line before: the clock stands at the new place until the change acts (a start, a seek by this member).
    if (!before) return { position: playback.position, running: false, rate: playback.rate };
    return { position: lineAt(before, time), running: !before.paused, rate: before.rate };
  }
  return { position: lineAt(playback, time), running: !playback.paused, rate: playback.rate };
}

/** Whether the room's clock runs at `now`: playing at that time and nobody waited for. */
export function clockRuns(room: Room, now: number): boolean {
  return playbackAt(room.playback, now).running && waitingMembers(room, now).length === 0;
}

/** Where the room's playback is at `now`. */
export function roomPosition(room: Room, now: number): number {
  const { playback } = room;
  const since = room.members.reduce((first, member) => Math.min(first, member.bufferingSince ?? Infinity), Infinity);
  if (since === Infinity || since >= now) return playbackAt(playback, now).position;
  // The clock stood still from the first waited-for member's start until the wait ended (or now): a change given
  // since starts where it put the room.
  const waitEnds = Math.max(...room.members.map((member) => (member.bufferingSince ?? -Infinity) + room.bufferWaitMs));
  const stoodFrom = Math.max(since, playback.updatedAt);
  if (now <= waitEnds) return playbackAt(playback, stoodFrom).position;
  const standing = Math.max(0, waitEnds - stoodFrom);
  return playbackAt(playback, now - standing).position;
}

/** The room settled at `now`: the position carried forward, so later changes start from where playback is. */
function settled(room: Room, now: number): Playback {
  // A change still to act stays as given: it starts from its own place.
  if (now < room.playback.updatedAt) return room.playback;
  return { ...room.playback, position: roomPosition(room, now), updatedAt: now, before: null };
}

/** The playback changes that act a lead after they were taken, for every member at once (decision 0280). */
export type PlaybackChange =
  { type: "play" | "seek"; position: number } | { type: "pause"; position: number } | { type: "rate"; rate: number };

/**
 * The playback after `change`, acting at `actsAt`: the room's line so far holds until then. `at` is the room at
 * `actsAt` as it stands (its position, and whether its playback runs then): a pause of a running room stops where
 * the room will be, so nobody seeks back, and a speed change goes on from there.
 */
export function scheduledPlayback(
  playback: Playback,
  change: PlaybackChange,
  actsAt: number,
  at: { position: number; running: boolean },
): Playback {
  const before: PlaybackLine = { position: playback.position, paused: playback.paused, rate: playback.rate, updatedAt: playback.updatedAt };
  const base = { ...playback, before, updatedAt: actsAt };
  switch (change.type) {
    case "play":
      return { ...base, position: clampPosition(change.position), paused: false };
    case "pause":
      return { ...base, position: at.running ? at.position : clampPosition(change.position), paused: true };
    case "seek":
      return { ...base, position: clampPosition(change.position) };
    case "rate":
      return { ...base, position: at.position, rate: Math.min(ROOM_LIMITS.maxRate, Math.max(ROOM_LIMITS.minRate, change.rate)) };
  }
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
    case "pause":
    case "seek":
    case "rate": {
      const actsAt = at + ROOM_LIMITS.commandLeadMs;
      const change: PlaybackChange = command.type === "rate" ? command : { type: command.type, position: command.position };
      const atAct = { position: roomPosition(room, actsAt), running: playbackAt(room.playback, actsAt).running };
      const playback = scheduledPlayback(room.playback, change, actsAt, atAct);
      // A seek starts everyone afresh: earlier buffering is over.
      const next = { ...room, playback };
      return { room: command.type === "seek" ? withoutBuffering(next) : next, change: { kind: "state" } };
    }
    case "episode":
      if (command.episodeId === room.playback.episodeId) return { room, change: null };
      // Everyone opens and loads the new episode at their own pace: the room starts it when all are ready (or have
      // been waited for long enough), so that nobody's first seconds are a seek after the others.
      return {
        room: {
          ...room,
          playback: { ...room.playback, episodeId: command.episodeId, position: 0, updatedAt: at, before: null },
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
      // The room goes on a lead later, like any resume: every member hears it first and all start together.
      const here = settled(room, at);
      const playback = here.updatedAt > at ? here : { ...here, updatedAt: at + ROOM_LIMITS.commandLeadMs };
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

/** Where the room is at server time `time` by a member's view: standing at the view's place while it waits for anyone. */
export function viewClockAt(view: RoomView, time: number): { position: number; running: boolean; rate: number } {
  if (view.members.some((member) => member.buffering)) return { position: view.position, running: false, rate: view.playback.rate };
  return playbackAt(view.playback, time);
}

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
