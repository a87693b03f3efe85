// The addresses of «Смотреть вместе» (decision 0262): creating a room, the invitation page and joining, a member's
// event stream and their commands. Writes are POSTs under the server's Origin check; a member is known by a cookie
// scoped to the room's own path, which holds their id and secret.
import type { RequestArgs } from "~/.server/load-context.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/.server/env.server";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { readRequestCookie } from "~/.server/session.server";
import { clientKey, createRateLimiter, type RateLimiter } from "~/.server/security/rate-limit.server";
import { episodePath } from "~/domain/site-paths";
import { boundedEventStream, encodeEvent, eventText, STREAMS_PER_PROCESS } from "~/.server/event-streams.server";
import { memberNameSchema } from "./member-name";
import { EpisodeIdSchema, MemberCommandSchema, PositionSchema, RoomTokenSchema, type RoomCommand } from "./room-command";
import { ROOM_LIMITS } from "./room-limits";
import { roomView, type Refusal, type Room } from "./room-state";
import { hashKey, randomToken, roomRegistry, type RoomRegistry } from "./rooms.server";
import { watchTogetherStrings as strings } from "./strings";
import { roomPath, ROOM_QUERY_PARAMETER, TOKEN_PATTERN } from "~/domain/room-paths";

const MEMBER_COOKIE = "wt_member";
const MEMBER_COOKIE_SECONDS = 24 * 60 * 60;
/** One browser may have the room open in a few tabs; more streams for one member are refused. */
const STREAMS_PER_MEMBER = 3;
/** A household or an office behind one address: more streams from it on one process are refused. */
const STREAMS_PER_ADDRESS = 20;

const limits = {
  create: createRateLimiter({ name: "room-create", limit: 5, windowMs: 10 * 60_000, maxKeys: 10_000 }),
  join: createRateLimiter({ name: "room-join", limit: 30, windowMs: 60_000, maxKeys: 10_000 }),
  command: createRateLimiter({ name: "room-command", limit: 40, windowMs: 10_000, maxKeys: 20_000 }),
  chat: createRateLimiter({ name: "room-chat", limit: 5, windowMs: 10_000, maxKeys: 20_000 }),
  /** Every member's commands together: what one room can make every process fan out, about ten events a second. */
  roomEvents: createRateLimiter({ name: "room-events", limit: 100, windowMs: 10_000, maxKeys: 20_000 }),
};

const createFormSchema = z.object({ episodeId: EpisodeIdSchema, position: PositionSchema.default(0), name: z.string().optional() });

// The resource routes answer plain Responses: Remix's single fetch passes their status and headers on only then.
function answer(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: message }, { status, headers: { "Cache-Control": NO_STORE_CACHE_CONTROL, ...headers } });
}

const REFUSALS: Record<Exclude<Refusal, null>, { status: number; message: string }> = {
  "no-room": { status: 404, message: strings.roomNotFound },
  "not-member": { status: 403, message: strings.notMember },
  "not-allowed": { status: 403, message: strings.notAllowed },
  "room-full": { status: 409, message: strings.roomFull },
};

async function limited(limiter: RateLimiter, key: string) {
  const decision = await limiter.hit(key);
  return decision.allowed ? null : answer(429, strings.tooFast, { "Retry-After": String(decision.retryAfterSeconds) });
}

function memberCookie(roomId: string, memberId: string, key: string): string {
  const secure = getEnv().isProduction ? "; Secure" : "";
  return `${MEMBER_COOKIE}=${memberId}.${key}; Path=${roomPath(roomId)}; HttpOnly; SameSite=Lax${secure}; Max-Age=${MEMBER_COOKIE_SECONDS}`;
}

/** The member this request's cookie names in `room`, if its secret matches. */
function cookieMember(request: Request, room: Room, registry: RoomRegistry) {
  const value = readRequestCookie(request, MEMBER_COOKIE);
  const [memberId, key, extra] = value?.split(".") ?? [];
  if (!memberId || !key || extra !== undefined || !TOKEN_PATTERN.test(memberId) || !TOKEN_PATTERN.test(key)) return undefined;
  return registry.memberOf(room, memberId, key);
}

/** The invitation page's own answers (a page route: its data goes through Remix's `data`). */
function pageAnswer(status: number, message: string, headers: Record<string, string> = {}) {
  return data({ error: message }, { status, headers: { "Cache-Control": NO_STORE_CACHE_CONTROL, ...headers } });
}

type Viewer = { name: string | null; nameError: string; accountKey: string | null };

/** A visitor's display name from the form, a signed-in viewer's nickname (or login) from their profile. */
async function viewerOf(args: RequestArgs, form: FormData): Promise<Viewer> {
  const api = args.context.api;
  let accountKey: string | null = null;
  if (api.signedIn) {
    try {
      const profile = await api.profile.get();
      accountKey = hashKey(`account:${profile.id}`);
      const name = memberNameSchema.safeParse(profile.nickname ?? profile.login ?? "");
      if (name.success) return { name: name.data, nameError: strings.badName, accountKey };
    } catch (error) {
      logWarn("watch-together: profile unavailable, using the name given", { error });
    }
  }
  const name = memberNameSchema.safeParse(form.get("name") ?? "");
  return { name: name.success ? name.data : null, nameError: name.error?.issues[0]?.message ?? strings.badName, accountKey };
}

/** Null once sent; otherwise the status and message of the refusal. */
async function sendOrRefuse(registry: RoomRegistry, command: RoomCommand): Promise<{ status: number; message: string } | null> {
  try {
    const refusal = await registry.send(command);
    return refusal ? REFUSALS[refusal] : null;
  } catch (error) {
    logWarn("watch-together: the message bus refused a command", { error });
    return { status: 503, message: strings.unavailable };
  }
}

/** POST /watch-together: a new room on the given episode, its creator the host. Answers the room's id and path. */
export async function createRoomAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await request.formData().catch(() => null);
  const parsed = createFormSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!form || !parsed.success) return answer(400, strings.badCommand);
  const { name, nameError, accountKey } = await viewerOf(args, form);
  if (!name) return answer(400, nameError);
  const refused = await limited(limits.create, clientKey(context));
  if (refused) return refused;
  const registry = roomRegistry();
  const creators = [hashKey(`address:${clientKey(context)}`), ...(accountKey ? [accountKey] : [])];
  if (creators.some((creator) => registry.roomsOf(creator) >= ROOM_LIMITS.roomsPerCreator)) return answer(429, strings.tooManyOwnRooms);
  if (registry.size() >= ROOM_LIMITS.roomsPerProcess) return answer(503, strings.tooManyRooms);
  const roomId = randomToken();
  const memberId = randomToken();
  const key = randomToken();
  const failure = await sendOrRefuse(registry, {
    type: "create",
    roomId,
    at: Date.now(),
    episodeId: parsed.data.episodeId,
    position: parsed.data.position,
    bufferWaitMs: getEnv().WATCH_TOGETHER_BUFFER_WAIT_SECONDS * 1000,
    host: { id: memberId, name, keyHash: hashKey(key) },
    creators,
  });
  if (failure) return answer(failure.status, failure.message);
  return Response.json(
    { roomId, path: roomPath(roomId) },
    { status: 201, headers: { "Set-Cookie": memberCookie(roomId, memberId, key), "Cache-Control": NO_STORE_CACHE_CONTROL } },
  );
}

function playerPathOf(room: Room): string {
  return `${episodePath(room.playback.episodeId)}?${ROOM_QUERY_PARAMETER}=${room.id}`;
}

async function findRoom(params: Record<string, string | undefined>): Promise<Room | undefined> {
  const roomId = RoomTokenSchema.safeParse(params.roomId);
  return roomId.success ? await roomRegistry().find(roomId.data) : undefined;
}

async function roomOr404(params: Record<string, string | undefined>): Promise<Room> {
  const room = await findRoom(params);
  if (!room) throw answer(404, strings.roomNotFound);
  return room;
}

export type JoinPageData = { room: { id: string; members: number } | null; signedIn: boolean };

/**
 * GET /watch-together/:roomId: the invitation; a member already in the room goes straight to the player. A room that
 * has ended (or never was) is said on the page itself, with a way on, under a 404.
 */
export async function joinPageLoader(args: LoaderFunctionArgs) {
  const room = await findRoom(args.params);
  const headers = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  if (!room) return data<JoinPageData>({ room: null, signedIn: args.context.api.signedIn }, { status: 404, headers });
  if (cookieMember(args.request, room, roomRegistry())) throw redirect(playerPathOf(room));
  return data<JoinPageData>({ room: { id: room.id, members: room.members.length }, signedIn: args.context.api.signedIn }, { headers });
}

/** POST /watch-together/:roomId: joins with the name given (or the nickname) and opens the player in the room. */
export async function joinAction(args: ActionFunctionArgs) {
  const room = await findRoom(args.params);
  if (!room) return pageAnswer(404, strings.roomNotFound);
  const registry = roomRegistry();
  if (cookieMember(args.request, room, registry)) throw redirect(playerPathOf(room));
  const form = await args.request.formData().catch(() => null);
  const { name, nameError } = form ? await viewerOf(args, form) : { name: null, nameError: strings.badName };
  if (!name) return pageAnswer(400, nameError);
  const decision = await limits.join.hit(clientKey(args.context));
  if (!decision.allowed) return pageAnswer(429, strings.tooFast, { "Retry-After": String(decision.retryAfterSeconds) });
  const memberId = randomToken();
  const key = randomToken();
  const failure = await sendOrRefuse(registry, {
    type: "join",
    roomId: room.id,
    at: Date.now(),
    member: { id: memberId, name, keyHash: hashKey(key) },
  });
  if (failure) return pageAnswer(failure.status, failure.message);
  return redirect(playerPathOf(room), { headers: { "Set-Cookie": memberCookie(room.id, memberId, key) } });
}

/** POST /watch-together/:roomId/commands: one playback change, chat message, buffering report or leave. */
export async function commandAction(args: ActionFunctionArgs) {
  const room = await roomOr404(args.params);
  const registry = roomRegistry();
  const member = cookieMember(args.request, room, registry);
  if (!member) return answer(403, strings.notMember);
  const form = await args.request.formData().catch(() => null);
  const parsed = MemberCommandSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!parsed.success) {
    const chatTooLong = form?.get("type") === "chat";
    return answer(400, chatTooLong ? strings.badMessage : strings.badCommand);
  }
  const input = parsed.data;
  const refused =
    (await limited(input.type === "chat" ? limits.chat : limits.command, member.id)) ?? (await limited(limits.roomEvents, room.id));
  if (refused) return refused;
  const command: RoomCommand = { ...input, roomId: room.id, at: Date.now(), memberId: member.id };
  const failure = await sendOrRefuse(registry, command);
  if (failure) return answer(failure.status, failure.message);
  if (input.type === "buffering") registry.armBufferLimit(room.id, member.id);
  // A new episode waits for every member to load it, each for the same bounded time as a member who buffers.
  if (input.type === "episode") for (const waited of room.members) registry.armBufferLimit(room.id, waited.id);
  if (input.type === "ready") registry.disarmBufferLimit(room.id, member.id);
  const headers: Record<string, string> = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  // Leaving forgets the cookie too: the invitation asks for a name again.
  if (input.type === "leave") headers["Set-Cookie"] = `${MEMBER_COOKIE}=; Path=${roomPath(room.id)}; HttpOnly; SameSite=Lax; Max-Age=0`;
  return Response.json({ ok: true }, { headers });
}

/** An event stream that says one thing and ends: the browser is told why it is not in the room, and stops. */
function finalEventStream(event: string, payload: unknown): Response {
  return new Response(eventText(event, payload), { headers: EVENT_STREAM_HEADERS });
}

const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware passes it through untouched (and flushes nothing late).
  "Cache-Control": "no-store, no-transform",
  // nginx: no buffering for this answer (deploy/nginx.conf also says so for the location).
  "X-Accel-Buffering": "no",
};

/**
 * GET /watch-together/:roomId/events: the member's stream. A room that has ended is a `gone` event (the player plays
 * on and says so); 403 for a non-member; 503 when this process serves all the streams its memory plan allows.
 */
export async function eventsLoader(args: LoaderFunctionArgs) {
  const room = await findRoom(args.params);
  if (!room) return finalEventStream("gone", { reason: "ended" });
  const registry = roomRegistry();
  const member = cookieMember(args.request, room, registry);
  if (!member) return answer(403, strings.notMember);
  const address = clientKey(args.context);
  if (registry.streamsOf(room.id, member.id) >= STREAMS_PER_MEMBER || registry.streamsFrom(address) >= STREAMS_PER_ADDRESS) {
    return answer(429, strings.tooFast);
  }
  if (registry.streamCount() >= STREAMS_PER_PROCESS) return answer(503, strings.unavailable, { "Retry-After": "10" });
  const body = boundedEventStream(
    args.request.signal,
    ({ push, close }) => {
      const detach = registry.attach(room.id, { memberId: member.id, address, push, close });
      const now = registry.known(room.id) ?? room;
      push({ bytes: encodeEvent("hello", { memberId: member.id, playerPath: playerPathOf(now) }) });
      push({ bytes: encodeEvent("state", roomView(now, Date.now())), replaces: "state" });
      push({ bytes: encodeEvent("history", now.chat) });
      return detach;
    },
    registry.heartbeatMs,
  );
  return new Response(body, { headers: EVENT_STREAM_HEADERS });
}
