// The rooms this process keeps and the members' event streams it serves (decisions 0262, 0279). Every process keeps a
// replica of every room: a command is published on the message bus and applied when it comes back, in the bus's
// order, by every process alike. A process that does not know a room asks the others for a snapshot on the bus, then
// the room store (Redis, when there is one). Who is in a room follows who is connected: each process says which
// members it streams to, and a member nobody has streamed to for a while is taken out by a command like any other.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv } from "~/.server/env.server";
import { encodeEvent, type StreamEvent } from "~/.server/event-streams.server";
import { sharedBus, type MessageBus } from "~/.server/message-bus.server";
import { logWarn } from "~/.server/log.server";
import { sharedRedis } from "~/.server/redis.server";
import {
  absentMembers,
  applyCommand,
  refusalOf,
  roomBytes,
  roomIsOver,
  roomView,
  type ChatMessage,
  type GoneReason,
  type Refusal,
  type Room,
} from "./room-state";
import {
  CONTROL_MODES,
  EpisodeIdSchema,
  KeyHashSchema,
  PositionSchema,
  RoomCommandSchema,
  RoomMemberSchema,
  RoomTokenSchema,
  ServerTimeSchema,
  type RoomCommand,
} from "./room-command";
import { ROOM_LIMITS } from "./room-limits";
import { noRoomStore, redisRoomStore, roomEndsAt, type RoomStore } from "./room-store.server";

const TOPIC = "watch-together";
/** How long a process waits for another to send a room it does not know. */
const SNAPSHOT_WAIT_MS = 500;
/** Each process says this often which members it streams to (well inside ROOM_LIMITS.presenceGraceMs). */
const PRESENCE_EVERY_MS = 10_000;
const SWEEP_EVERY_MS = 10_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const playbackLineSchema = z.object({
  position: PositionSchema,
  paused: z.boolean(),
  rate: z.number().min(ROOM_LIMITS.minRate).max(ROOM_LIMITS.maxRate),
  updatedAt: ServerTimeSchema,
});
// Snapshots come off the bus (and out of the room store) like any input: parsed to the same bounds as the commands
// that made them.
export const roomSchema: z.ZodType<Room, z.ZodTypeDef, unknown> = z.object({
  id: RoomTokenSchema,
  hostId: RoomTokenSchema,
  control: z.enum(CONTROL_MODES),
  playback: playbackLineSchema.extend({ episodeId: EpisodeIdSchema, before: playbackLineSchema.nullable().default(null) }),
  members: z
    .array(RoomMemberSchema.extend({ joinedAt: ServerTimeSchema, bufferingSince: ServerTimeSchema.nullable(), seenAt: ServerTimeSchema }))
    .max(ROOM_LIMITS.membersPerRoom),
  chat: z
    .array(
      z.object({
        id: z.number().int().positive(),
        memberId: RoomTokenSchema,
        name: RoomMemberSchema.shape.name,
        text: z.string().min(1).max(ROOM_LIMITS.messageChars),
        at: ServerTimeSchema,
      }),
    )
    .max(ROOM_LIMITS.chatMessages),
  nextMessageId: z.number().int().positive(),
  createdAt: ServerTimeSchema,
  emptySince: ServerTimeSchema.nullable(),
  creators: z.array(KeyHashSchema).min(1).max(2),
  revision: z.number().int().nonnegative(),
  bufferWaitMs: z.number().int().min(0).max(ROOM_LIMITS.longestBufferWaitMs).default(ROOM_LIMITS.bufferWaitMs),
});
const busMessageSchema = z.discriminatedUnion("kind", [
  /** `from`: the process that published it, which alone stores the room after it. */
  z.object({ kind: z.literal("command"), from: z.string().uuid(), command: RoomCommandSchema }),
  z.object({ kind: z.literal("snapshot-request"), roomId: RoomTokenSchema, requestId: z.string().uuid() }),
  z.object({ kind: z.literal("snapshot"), requestId: z.string().uuid(), room: roomSchema }),
]);
type BusMessage = z.infer<typeof busMessageSchema>;

/** One browser's open event stream. */
export type MemberStream = { memberId: string; address: string; push(event: StreamEvent): void; close(): void };

type PendingSnapshot = {
  roomId: string;
  /** Set once our own request came back: commands after it in the bus's order are not in the snapshot. */
  heardRequest: boolean;
  later: RoomCommand[];
  resolve(room: Room | undefined): void;
};

export type RoomRegistry = ReturnType<typeof createRoomRegistry>;

/** A command applied, the room's revision counted on when it changed anything. */
function revised(before: Room | undefined, command: RoomCommand): ReturnType<typeof applyCommand> {
  const { room, change } = applyCommand(before, command);
  if (!change || !room) return { room, change };
  return { room: { ...room, revision: (before?.revision ?? 0) + 1 }, change };
}

/** 128 random bits, base64url: room ids, member ids and member secrets. */
export function randomToken(): string {
  return randomBytes(16).toString("base64url");
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function createRoomRegistry(bus: MessageBus, clock: () => number = Date.now, store: RoomStore = noRoomStore) {
  const processId = randomUUID();
  const rooms = new Map<string, Room>();
  const streams = new Map<string, Set<MemberStream>>();
  const pending = new Map<string, PendingSnapshot>();
  const bufferTimers = new Map<string, ReturnType<typeof setTimeout>>();

  async function publish(message: BusMessage): Promise<void> {
    // Not before this process hears the topic: it applies its own commands only when they come back.
    await subscribed;
    return bus.publish(TOPIC, JSON.stringify(message));
  }

  /** Each event is encoded once, the same bytes queued for every stream of the room. */
  function fanOut(roomId: string, event: StreamEvent): void {
    for (const stream of streams.get(roomId) ?? []) stream.push(event);
  }

  function closeStreamsOf(roomId: string, memberIds: ReadonlySet<string>, reason: GoneReason): void {
    const set = streams.get(roomId);
    if (!set) return;
    const gone = { bytes: encodeEvent("gone", { reason }) };
    for (const stream of [...set]) {
      if (!memberIds.has(stream.memberId)) continue;
      stream.push(gone);
      stream.close();
    }
  }

  function apply(command: RoomCommand, own: boolean): void {
    const before = rooms.get(command.roomId);
    if (command.type === "create" && !before && rooms.size >= ROOM_LIMITS.roomsPerProcess) return;
    const { room, change } = revised(before, command);
    if (!change || !room) return;
    rooms.set(room.id, room);
    if (own) void store.save(room, roomEndsAt(room)).catch((error: unknown) => logWarn("watch-together: a room was not stored", { error }));
    if (change.kind === "quiet") return;
    if (change.kind === "chat") fanOut(room.id, { bytes: encodeEvent("chat", change.message) });
    else fanOut(room.id, { bytes: encodeEvent("state", roomView(room, clock())), replaces: "state" });
    const left = before?.members.filter((member) => !room.members.some((still) => still.id === member.id)) ?? [];
    if (left.length > 0) {
      const reason: GoneReason = command.type === "leave" ? "left" : command.type === "remove" ? "removed" : "absent";
      closeStreamsOf(room.id, new Set(left.map((member) => member.id)), reason);
    }
  }

  function hear(body: string): void {
    let message: BusMessage;
    try {
      const parsed = busMessageSchema.safeParse(JSON.parse(body));
      if (!parsed.success) return logWarn("watch-together: a bus message of the wrong shape", { issues: parsed.error.issues.length });
      message = parsed.data;
    } catch {
      return;
    }
    switch (message.kind) {
      case "command": {
        const command = message.command;
        for (const waiting of pending.values()) if (waiting.roomId === command.roomId && waiting.heardRequest) waiting.later.push(command);
        apply(command, message.from === processId);
        return;
      }
      case "snapshot-request": {
        const own = pending.get(message.requestId);
        if (own) own.heardRequest = true;
        const room = rooms.get(message.roomId);
        if (room && !own) void publish({ kind: "snapshot", requestId: message.requestId, room }).catch(() => undefined);
        return;
      }
      case "snapshot": {
        const own = pending.get(message.requestId);
        if (!own) return;
        pending.delete(message.requestId);
        let room: Room | undefined = rooms.get(own.roomId) ?? message.room;
        if (!rooms.has(own.roomId)) {
          for (const command of own.later) room = revised(room, command).room;
          if (room && rooms.size < ROOM_LIMITS.roomsPerProcess) rooms.set(room.id, room);
        }
        own.resolve(rooms.get(own.roomId));
        return;
      }
    }
  }

  const subscribed = bus.subscribe(TOPIC, hear);

  /** Asks the other processes for a room; undefined when none answers in time. */
  async function askPeers(roomId: string): Promise<Room | undefined> {
    const requestId = randomUUID();
    const answer = new Promise<Room | undefined>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(requestId);
        resolve(rooms.get(roomId));
      }, SNAPSHOT_WAIT_MS);
      pending.set(requestId, {
        roomId,
        heardRequest: false,
        later: [],
        resolve: (room) => {
          clearTimeout(timer);
          resolve(room);
        },
      });
    });
    // Bounded by the rooms' own bound: at most one wait per request, each for half a second.
    await publish({ kind: "snapshot-request", roomId, requestId }).catch(() => undefined);
    return answer;
  }

  /**
   * A room kept in the store and known to no running process (every process restarted since): taken back, and every
   * member given a fresh grace to reconnect, through the bus so that every process agrees.
   */
  async function restore(roomId: string): Promise<Room | undefined> {
    const stored = await store.load(roomId).catch((error: unknown) => {
      logWarn("watch-together: the room store did not answer", { error });
      return undefined;
    });
    if (!stored || roomIsOver(stored, clock()) || rooms.has(roomId) || rooms.size >= ROOM_LIMITS.roomsPerProcess) return rooms.get(roomId);
    rooms.set(roomId, stored);
    const memberIds = stored.members.map((member) => member.id);
    await publish({ kind: "command", from: processId, command: { type: "presence", roomId, at: clock(), memberIds } }).catch(
      () => undefined,
    );
    return rooms.get(roomId);
  }

  /** The room, asking the other processes (then the store) when this one does not know it; undefined when nobody does. */
  async function find(roomId: string): Promise<Room | undefined> {
    return rooms.get(roomId) ?? (await askPeers(roomId)) ?? (await restore(roomId));
  }

  /** Publishes a command after checking it against this process's replica; the refusal when it does not apply. */
  async function send(command: RoomCommand): Promise<Refusal> {
    const room = command.type === "create" ? undefined : await find(command.roomId);
    const refusal = refusalOf(room, command);
    if (refusal) return refusal;
    await publish({ kind: "command", from: processId, command });
    return null;
  }

  function memberOf(room: Room, memberId: string, key: string) {
    const member = room.members.find((candidate) => candidate.id === memberId);
    if (!member) return undefined;
    const given = Buffer.from(hashKey(key), "hex");
    return timingSafeEqual(given, Buffer.from(member.keyHash, "hex")) ? member : undefined;
  }

  function sendPresence(roomId: string, memberIds: string[]): void {
    const command: RoomCommand = { type: "presence", roomId, at: clock(), memberIds };
    void publish({ kind: "command", from: processId, command }).catch(() => undefined);
  }

  /** A member's stream: while any process streams to a member, that process says so (presence). */
  function attach(roomId: string, stream: MemberStream): () => void {
    const set = streams.get(roomId) ?? new Set();
    set.add(stream);
    streams.set(roomId, set);
    sendPresence(roomId, [stream.memberId]);
    return () => {
      set.delete(stream);
      if (set.size === 0 && streams.get(roomId) === set) streams.delete(roomId);
    };
  }

  /** Every PRESENCE_EVERY_MS: one presence command per room this process streams to. */
  function announcePresence(): void {
    for (const [roomId, set] of streams) sendPresence(roomId, [...new Set([...set].map((stream) => stream.memberId))]);
  }

  /** A member's buffering is waited for at most the room's bufferWaitMs: then this process says they are ready. */
  function armBufferLimit(roomId: string, memberId: string): void {
    const key = `${roomId}/${memberId}`;
    clearTimeout(bufferTimers.get(key));
    const timer = setTimeout(
      () => {
        bufferTimers.delete(key);
        void send({ type: "ready", roomId, memberId, at: clock() }).catch(() => undefined);
      },
      rooms.get(roomId)?.bufferWaitMs ?? ROOM_LIMITS.bufferWaitMs,
    );
    timer.unref?.();
    bufferTimers.set(key, timer);
  }

  function disarmBufferLimit(roomId: string, memberId: string): void {
    const key = `${roomId}/${memberId}`;
    clearTimeout(bufferTimers.get(key));
    bufferTimers.delete(key);
  }

  /** Ends what is over; asks the room to take out members nobody has streamed to for the grace (any process may). */
  function sweep(): void {
    const now = clock();
    for (const room of rooms.values()) {
      if (roomIsOver(room, now)) {
        rooms.delete(room.id);
        closeStreamsOf(room.id, new Set(room.members.map((member) => member.id)), "ended");
        streams.delete(room.id);
        void store.forget(room.id).catch(() => undefined);
        continue;
      }
      if (absentMembers(room, now).length > 0) {
        void publish({ kind: "command", from: processId, command: { type: "expire", roomId: room.id, at: now } }).catch(() => undefined);
      }
    }
  }

  function streamCount(): number {
    let count = 0;
    for (const set of streams.values()) count += set.size;
    return count;
  }

  function streamsFrom(address: string): number {
    let count = 0;
    for (const set of streams.values()) for (const stream of set) if (stream.address === address) count += 1;
    return count;
  }

  return {
    find,
    send,
    memberOf,
    attach,
    armBufferLimit,
    disarmBufferLimit,
    sweep,
    announcePresence,
    chatHistory: (roomId: string): ChatMessage[] => rooms.get(roomId)?.chat ?? [],
    streamsOf: (roomId: string, memberId: string) =>
      [...(streams.get(roomId) ?? [])].filter((stream) => stream.memberId === memberId).length,
    streamsFrom,
    streamCount,
    /** Live rooms one creator (an address or an account, hashed) opened. */
    roomsOf: (creator: string) => [...rooms.values()].filter((room) => room.creators.includes(creator)).length,
    known: (roomId: string) => rooms.get(roomId),
    size: () => rooms.size,
    bytes: () => [...rooms.values()].reduce((sum, room) => sum + roomBytes(room), 0),
    heartbeatMs: HEARTBEAT_MS,
  };
}

// Development reloads this module: one registry per process, on globalThis.
const SHARED_REGISTRY = Symbol.for("anilibria.watch-together-rooms");
type WithRegistry = { [SHARED_REGISTRY]?: RoomRegistry };

export function roomRegistry(): RoomRegistry {
  const holder = globalThis as WithRegistry;
  if (holder[SHARED_REGISTRY]) return holder[SHARED_REGISTRY];
  const redis = sharedRedis();
  const registry = createRoomRegistry(
    sharedBus(),
    Date.now,
    redis ? redisRoomStore(redis, getEnv().REDIS_PREFIX, (value) => roomSchema.safeParse(value).data) : noRoomStore,
  );
  holder[SHARED_REGISTRY] = registry;
  setInterval(() => registry.sweep(), SWEEP_EVERY_MS).unref();
  setInterval(() => registry.announcePresence(), PRESENCE_EVERY_MS).unref();
  return registry;
}
