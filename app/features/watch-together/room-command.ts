// A room's commands, stated once (decision 0262): what a member sends (the form the browser posts to the room's
// commands address) and what the message bus carries between processes (a member's command stamped with the room,
// the server's time and the member, or a command of the server's own). The state machine (room-state.ts) takes the
// type, the command route and the bus parse with these schemas, and the browser sends the member's part.
import { z } from "zod";
import { TOKEN_PATTERN } from "~/domain/room-paths";
import { ROOM_LIMITS } from "./room-limits";

export const CONTROL_MODES = ["all", "host"] as const;
export type ControlMode = (typeof CONTROL_MODES)[number];

/** Room ids, member ids and member secrets as the server makes them. */
export const RoomTokenSchema = z.string().regex(TOKEN_PATTERN);
export const KeyHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const EpisodeIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
/** Seconds into an episode; a form's text is read as a number. */
export const PositionSchema = z.coerce.number().finite().min(0).max(86_400);
/** Server time in milliseconds. */
export const ServerTimeSchema = z.number().int().nonnegative();
export const RoomMemberSchema = z.object({
  id: RoomTokenSchema,
  name: z.string().min(1).max(ROOM_LIMITS.nameChars),
  keyHash: KeyHashSchema,
});

const playbackMove = z.object({ type: z.enum(["play", "pause", "seek"]), position: PositionSchema });
const rateChange = z.object({
  type: z.literal("rate"),
  rate: z.coerce.number().finite().min(ROOM_LIMITS.minRate).max(ROOM_LIMITS.maxRate),
});
const episodeChange = z.object({ type: z.literal("episode"), episodeId: EpisodeIdSchema });
const memberReport = z.object({ type: z.enum(["buffering", "ready", "leave"]) });
const controlChange = z.object({ type: z.literal("control"), mode: z.enum(CONTROL_MODES) });
/** The host takes a member out. */
const removal = z.object({ type: z.literal("remove"), targetId: RoomTokenSchema });
const chat = z.object({
  type: z.literal("chat"),
  text: z
    .string()
    .transform((text) => text.trim())
    .pipe(z.string().min(1).max(ROOM_LIMITS.messageChars)),
});

/** What a member may send: a playback change, a chat message, a buffering report, leaving; the host's two more. */
export const MemberCommandSchema = z.discriminatedUnion("type", [
  playbackMove,
  rateChange,
  episodeChange,
  memberReport,
  controlChange,
  removal,
  chat,
]);
export type MemberCommand = z.infer<typeof MemberCommandSchema>;

const byMember = { memberId: RoomTokenSchema };

/** What changes a room. Every command carries the room's id and the server time at which it was given. */
export const RoomCommandSchema = z.intersection(
  z.object({ roomId: RoomTokenSchema, at: ServerTimeSchema }),
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("create"),
      host: RoomMemberSchema,
      episodeId: EpisodeIdSchema,
      position: PositionSchema,
      creators: z.array(KeyHashSchema).min(1).max(2),
      bufferWaitMs: z.number().int().min(0).max(ROOM_LIMITS.longestBufferWaitMs).optional(),
    }),
    z.object({ type: z.literal("join"), member: RoomMemberSchema }),
    playbackMove.extend(byMember),
    rateChange.extend(byMember),
    episodeChange.extend(byMember),
    memberReport.extend(byMember),
    controlChange.extend(byMember),
    removal.extend(byMember),
    chat.extend(byMember),
    /** A process streams to these members now (sent by the processes, not by members). */
    z.object({ type: z.literal("presence"), memberIds: z.array(RoomTokenSchema).max(ROOM_LIMITS.membersPerRoom) }),
    /** Members not seen for ROOM_LIMITS.presenceGraceMs at the command's time are taken out (sent by the processes). */
    z.object({ type: z.literal("expire") }),
  ]),
);
export type RoomCommand = z.infer<typeof RoomCommandSchema>;
