// Where rooms outlive the processes that keep them (decision 0279): with Redis, each room is one key holding its
// latest revision, written by the process that published the change and expiring when the room would end; a restart
// or a rolling deploy of every process then leaves the rooms where they were. Without Redis there is no store: a
// room ends with the last process that knew it, and the player says so.
import type { Redis } from "ioredis";
import { ROOM_LIMITS } from "./room-limits";
import type { Room } from "./room-state";

export type RoomStore = {
  /** Keeps the room until `endsAt` (server time), unless a later revision is kept already. */
  save(room: Room, endsAt: number): Promise<void>;
  /** The kept room, parsed; undefined when there is none (or what is kept does not parse). */
  load(roomId: string): Promise<Room | undefined>;
  forget(roomId: string): Promise<void>;
};

export const noRoomStore: RoomStore = {
  save: async () => undefined,
  load: async () => undefined,
  forget: async () => undefined,
};

/** The latest a room can end: its longest life from its start. */
export function roomEndsAt(room: Room): number {
  return room.createdAt + ROOM_LIMITS.longestLifeMs;
}

// Writes only a later revision than the one kept: two processes' writes may reach Redis in either order.
const SAVE_IF_LATER = `
local kept = redis.call('GET', KEYS[1])
if kept then
  local revision = tonumber(string.match(kept, '^(%d+)|'))
  if revision and revision >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'PX', ARGV[3])
return 1
`;

export function redisRoomStore(
  redis: Redis,
  prefix: string,
  parse: (value: unknown) => Room | undefined,
  clock: () => number = Date.now,
): RoomStore {
  const keyOf = (roomId: string) => `${prefix}watch-together:room:${roomId}`;
  return {
    async save(room, endsAt) {
      const lifeMs = Math.max(1, endsAt - clock());
      await redis.eval(SAVE_IF_LATER, 1, keyOf(room.id), String(room.revision), JSON.stringify(room), String(lifeMs));
    },
    async load(roomId) {
      const kept = await redis.get(keyOf(roomId));
      const separator = kept?.indexOf("|") ?? -1;
      if (!kept || separator < 0) return undefined;
      try {
        return parse(JSON.parse(kept.slice(separator + 1)));
      } catch {
        return undefined;
      }
    },
    async forget(roomId) {
      await redis.del(keyOf(roomId));
    },
  };
}
