// The rooms this process keeps and the members' event streams it serves (decision 0262). Every process keeps a
// replica of every room: a command is published on the message bus and applied when it comes back, in the bus's
// order, by every process alike. A process that does not know a room asks the others for a snapshot on the bus.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { sharedBus, type MessageBus } from "~/.server/message-bus.server";
import { logWarn } from "~/.server/log.server";
import {
  applyCommand,
  refusalOf,
  roomBytes,
  roomIsOver,
  roomView,
  ROOM_LIMITS,
  type ChatMessage,
  type Refusal,
  type Room,
  type RoomCommand,
} from "./room-state";
import { TOKEN_PATTERN } from "./room-paths";

const TOPIC = "watch-together";
/** How long a process waits for another to send a room it does not know. */
const SNAPSHOT_WAIT_MS = 500;
/** A member whose last stream closed is taken out of the room after this, unless a stream opens again (a reload). */
const LEAVE_AFTER_MS = 15_000;
const SWEEP_EVERY_MS = 30_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** A member's stream may hold this much unsent; past it the member reads too slowly and is disconnected. */
export const STREAM_QUEUE_BYTES = 256 * 1024;

const idSchema = z.string().regex(TOKEN_PATTERN);
const memberSchema = z.object({
  id: idSchema,
  name: z.string().min(1).max(ROOM_LIMITS.nameChars),
  keyHash: z.string().regex(/^[0-9a-f]{64}$/),
});
const position = z.number().finite().min(0).max(86_400);
const commandSchema = z.intersection(
  z.object({ roomId: idSchema, at: z.number().int().nonnegative() }),
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("create"),
      host: memberSchema,
      episodeId: z.string().min(1).max(64),
      position,
      bufferWaitMs: z.number().int().min(0).max(ROOM_LIMITS.longestBufferWaitMs).optional(),
    }),
    z.object({ type: z.literal("join"), member: memberSchema }),
    z.object({ type: z.literal("leave"), memberId: idSchema }),
    z.object({ type: z.literal("play"), memberId: idSchema, position }),
    z.object({ type: z.literal("pause"), memberId: idSchema, position }),
    z.object({ type: z.literal("seek"), memberId: idSchema, position }),
    z.object({ type: z.literal("rate"), memberId: idSchema, rate: z.number().finite() }),
    z.object({ type: z.literal("episode"), memberId: idSchema, episodeId: z.string().min(1).max(64) }),
    z.object({ type: z.literal("buffering"), memberId: idSchema }),
    z.object({ type: z.literal("ready"), memberId: idSchema }),
    z.object({ type: z.literal("control"), memberId: idSchema, mode: z.enum(["all", "host"]) }),
    z.object({ type: z.literal("chat"), memberId: idSchema, text: z.string().min(1).max(ROOM_LIMITS.messageChars) }),
  ]),
);
const playbackLineSchema = z.object({ position: z.number(), paused: z.boolean(), rate: z.number(), updatedAt: z.number() });
// Snapshots come from other processes of the same site: checked for shape, trusted for content.
const roomSchema: z.ZodType<Room, z.ZodTypeDef, unknown> = z.object({
  id: idSchema,
  hostId: idSchema,
  control: z.enum(["all", "host"]),
  playback: playbackLineSchema.extend({ episodeId: z.string(), before: playbackLineSchema.nullable().default(null) }),
  members: z.array(memberSchema.extend({ joinedAt: z.number(), bufferingSince: z.number().nullable() })).max(ROOM_LIMITS.membersPerRoom),
  chat: z
    .array(z.object({ id: z.number(), memberId: z.string(), name: z.string(), text: z.string(), at: z.number() }))
    .max(ROOM_LIMITS.chatMessages),
  nextMessageId: z.number(),
  createdAt: z.number(),
  emptySince: z.number().nullable(),
  bufferWaitMs: z.number().default(ROOM_LIMITS.bufferWaitMs),
});
const busMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("command"), command: commandSchema }),
  z.object({ kind: z.literal("snapshot-request"), roomId: idSchema, requestId: z.string().uuid() }),
  z.object({ kind: z.literal("snapshot"), requestId: z.string().uuid(), room: roomSchema }),
]);
type BusMessage = z.infer<typeof busMessageSchema>;

/** One browser's open event stream. */
type MemberStream = { memberId: string; send(event: string, data: unknown): void; close(): void };

type PendingSnapshot = {
  roomId: string;
  /** Set once our own request came back: commands after it in the bus's order are not in the snapshot. */
  heardRequest: boolean;
  later: RoomCommand[];
  resolve(room: Room | undefined): void;
};

export type RoomRegistry = ReturnType<typeof createRoomRegistry>;

/** 128 random bits, base64url: room ids, member ids and member secrets. */
export function randomToken(): string {
  return randomBytes(16).toString("base64url");
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function createRoomRegistry(bus: MessageBus, clock: () => number = Date.now) {
  const rooms = new Map<string, Room>();
  const streams = new Map<string, Set<MemberStream>>();
  const pending = new Map<string, PendingSnapshot>();
  const leaveTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const bufferTimers = new Map<string, ReturnType<typeof setTimeout>>();

  async function publish(message: BusMessage): Promise<void> {
    // Not before this process hears the topic: it applies its own commands only when they come back.
    await subscribed;
    return bus.publish(TOPIC, JSON.stringify(message));
  }

  function fanOut(roomId: string, event: string, data: unknown): void {
    for (const stream of streams.get(roomId) ?? []) stream.send(event, data);
  }

  function apply(command: RoomCommand): void {
    const before = rooms.get(command.roomId);
    if (command.type === "create" && !before && rooms.size >= ROOM_LIMITS.roomsPerProcess) return;
    const { room, change } = applyCommand(before, command);
    if (!change || !room) return;
    rooms.set(room.id, room);
    if (change.kind === "chat") fanOut(room.id, "chat", change.message);
    else fanOut(room.id, "state", roomView(room, clock()));
    // A member taken out while this process still streams to them (they reconnected here): back in.
    if (command.type === "leave") {
      for (const stream of streams.get(room.id) ?? []) {
        if (stream.memberId !== command.memberId) continue;
        const gone = before?.members.find((member) => member.id === command.memberId);
        if (gone) void send({ type: "join", roomId: room.id, at: clock(), member: gone }).catch(() => undefined);
        break;
      }
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
        const command = message.command as RoomCommand;
        for (const waiting of pending.values()) if (waiting.roomId === command.roomId && waiting.heardRequest) waiting.later.push(command);
        apply(command);
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
          for (const command of own.later) room = applyCommand(room, command).room;
          if (room && rooms.size < ROOM_LIMITS.roomsPerProcess) rooms.set(room.id, room);
        }
        own.resolve(rooms.get(own.roomId));
        return;
      }
    }
  }

  const subscribed = bus.subscribe(TOPIC, hear);

  /** The room, asking the other processes for it when this one does not know it; undefined when nobody does. */
  async function find(roomId: string): Promise<Room | undefined> {
    const known = rooms.get(roomId);
    if (known) return known;
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

  /** Publishes a command after checking it against this process's replica; the refusal when it does not apply. */
  async function send(command: RoomCommand): Promise<Refusal> {
    const room = command.type === "create" ? undefined : await find(command.roomId);
    const refusal = refusalOf(room, command);
    if (refusal) return refusal;
    await publish({ kind: "command", command });
    return null;
  }

  function memberOf(room: Room, memberId: string, key: string) {
    const member = room.members.find((candidate) => candidate.id === memberId);
    if (!member) return undefined;
    const given = Buffer.from(hashKey(key), "hex");
    return timingSafeEqual(given, Buffer.from(member.keyHash, "hex")) ? member : undefined;
  }

  function attach(roomId: string, stream: MemberStream): () => void {
    const set = streams.get(roomId) ?? new Set();
    set.add(stream);
    streams.set(roomId, set);
    const leaveKey = `${roomId}/${stream.memberId}`;
    clearTimeout(leaveTimers.get(leaveKey));
    leaveTimers.delete(leaveKey);
    return () => {
      set.delete(stream);
      if (set.size === 0) streams.delete(roomId);
      if ([...set].some((other) => other.memberId === stream.memberId)) return;
      const timer = setTimeout(() => {
        leaveTimers.delete(leaveKey);
        void send({ type: "leave", roomId, memberId: stream.memberId, at: clock() }).catch(() => undefined);
      }, LEAVE_AFTER_MS);
      timer.unref?.();
      leaveTimers.set(leaveKey, timer);
    };
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

  function sweep(): void {
    const now = clock();
    for (const room of rooms.values()) {
      if (!roomIsOver(room, now)) continue;
      rooms.delete(room.id);
      for (const stream of streams.get(room.id) ?? []) stream.close();
      streams.delete(room.id);
    }
  }

  return {
    find,
    send,
    memberOf,
    attach,
    armBufferLimit,
    disarmBufferLimit,
    sweep,
    chatHistory: (roomId: string): ChatMessage[] => rooms.get(roomId)?.chat ?? [],
    streamsOf: (roomId: string, memberId: string) =>
      [...(streams.get(roomId) ?? [])].filter((stream) => stream.memberId === memberId).length,
    known: (roomId: string) => rooms.get(roomId),
    size: () => rooms.size,
    bytes: () => [...rooms.values()].reduce((sum, room) => sum + roomBytes(room), 0),
    streamCount: () => [...streams.values()].reduce((sum, set) => sum + set.size, 0),
    heartbeatMs: HEARTBEAT_MS,
  };
}

// Development reloads this module: one registry per process, on globalThis.
const SHARED_REGISTRY = Symbol.for("anilibria.watch-together-rooms");
type WithRegistry = { [SHARED_REGISTRY]?: RoomRegistry };

export function roomRegistry(): RoomRegistry {
  const holder = globalThis as WithRegistry;
  if (holder[SHARED_REGISTRY]) return holder[SHARED_REGISTRY];
  const registry = createRoomRegistry(sharedBus());
  holder[SHARED_REGISTRY] = registry;
  setInterval(() => registry.sweep(), SWEEP_EVERY_MS).unref();
  return registry;
}
