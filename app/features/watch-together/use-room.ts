// A member's connection to their room: the event stream in, commands out, and the latest view of the room.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  playbackAt,
  scheduledPlayback,
  viewClockAt,
  type ChatMessage,
  type GoneReason,
  type PlaybackChange,
  type RoomView,
} from "./room-state";
import type { MemberCommand } from "./room-command";
import { ROOM_LIMITS } from "./room-limits";
import { ROOM_CLOCK_PATH, roomCommandsPath, roomEventsPath, roomPath } from "~/domain/room-paths";
import { CLOCK_SAMPLES, createServerClock } from "./server-clock";
import { watchTogetherStrings as strings } from "./strings";

/** The room's latest view (its playback says where the room is at any server time). */
export type ReceivedView = { view: RoomView };

/** A view older than the member's own change is not taken for the room's until then (the change was lost on the way). */
const OWN_CHANGE_ARRIVES_WITHIN_MS = 3_000;
/** A stream closed for longer than this is said to be lost («переподключаемся…»). */
const RECONNECTING_SHOWN_AFTER_MS = 2_000;

export type RoomConnection = {
  current: ReceivedView | null;
  memberId: string | null;
  chat: ChatMessage[];
  connected: boolean;
  /** Why this browser is no longer in the room (it ended, the member left or was taken out), or null while it is. */
  gone: GoneReason | null;
  /** Sends a command; resolves to an error message to show, or null. */
  send(command: MemberCommand): Promise<string | null>;
  /** What the member just did, shown at once while the server's answer is on its way. */
  assume(change: (view: RoomView) => RoomView): void;
  /** A playback change of the member's, shown at once as the room will have it: acting a lead from now. */
  assumeChange(change: PlaybackChange): void;
  /** The server's time now, by this browser's clock and its estimate of the difference (decision 0280). */
  serverNow(): number;
  /** Reads the latest view without waiting for a render (the sync loop runs outside React's schedule). */
  latest: { readonly current: ReceivedView | null };
};

export function useRoom(roomId: string): RoomConnection {
  const [current, setCurrent] = useState<ReceivedView | null>(null);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [connected, setConnected] = useState(false);
  const [gone, setGone] = useState<GoneReason | null>(null);
  const latest = useRef<ReceivedView | null>(null);
  const clock = useRef(createServerClock());
  const lastFromServer = useRef<ReceivedView | null>(null);
  // The member's own playback change, shown before the server has it: since when (browser time), the earliest
  // server time the server can have given it, and whether it was a seek (the member's player is at its place already).
  const ownChange = useRef<{ since: number; serverAt: number; seek: boolean } | null>(null);
  const serverNow = useCallback(() => Date.now() + clock.current.offset(), []);

  const show = useCallback((received: ReceivedView) => {
    latest.current = received;
    setCurrent(received);
  }, []);
  const accept = useCallback(
    (view: RoomView) => {
      clock.current.addView(view.now, Date.now());
      const received = { view };
      lastFromServer.current = received;
      const own = ownChange.current;
      const shown = latest.current;
      // A view made before the server had the member's own change (it was on its way) would undo it for a moment:
      // a pause undone, an episode opened and left again. Its members and control are taken, its playback is not.
      if (own && shown && view.playback.updatedAt < own.serverAt && Date.now() - own.since < OWN_CHANGE_ARRIVES_WITHIN_MS) {
        const { playback, running, position, now } = shown.view;
        show({ view: { ...view, playback, running, position, now } });
        return;
      }
      ownChange.current = null;
      // The member's own seek, still to act: their player is at its place already and waits there, not on the old line.
      if (own?.seek && view.playback.updatedAt > serverNow()) {
        show({ view: { ...view, playback: { ...view.playback, before: null } } });
        return;
      }
      show(received);
    },
    [show, serverNow],
  );

  // The server's clock, sampled one request after another; again on each reconnect and on coming back to the tab.
  const sampling = useRef(false);
  const sampleClock = useCallback(async () => {
    if (sampling.current) return;
    sampling.current = true;
    clock.current.beginRound();
    try {
      for (let sample = 0; sample < CLOCK_SAMPLES; sample += 1) {
        const sentAt = Date.now();
        const response = await fetch(ROOM_CLOCK_PATH, { cache: "no-store", headers: { Accept: "application/json" } });
        const answeredAt = Date.now();
        if (!response.ok) break;
        const answer = (await response.json()) as { now?: unknown };
        if (typeof answer.now === "number") clock.current.add({ sentAt, serverNow: answer.now, answeredAt });
      }
    } catch {
      // Offline for a moment: the views' estimate holds until the next round.
    } finally {
      sampling.current = false;
    }
  }, []);
  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && void sampleClock();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [sampleClock]);

  useEffect(() => {
    const source = new EventSource(roomEventsPath(roomId));
    const onHello = (event: MessageEvent<string>) => setMemberId((JSON.parse(event.data) as { memberId: string }).memberId);
    const onState = (event: MessageEvent<string>) => accept(JSON.parse(event.data) as RoomView);
    const onHistory = (event: MessageEvent<string>) => setChat(JSON.parse(event.data) as ChatMessage[]);
    const onChat = (event: MessageEvent<string>) =>
      setChat((messages) => [...messages.slice(-(ROOM_LIMITS.chatMessages - 1)), JSON.parse(event.data) as ChatMessage]);
    source.addEventListener("hello", onHello);
    source.addEventListener("state", onState);
    source.addEventListener("history", onHistory);
    source.addEventListener("chat", onChat);
    // The room says why this member is out of it: the stream is not opened again, and the player plays on.
    source.addEventListener("gone", (event: MessageEvent<string>) => {
      source.close();
      setConnected(false);
      setGone((JSON.parse(event.data) as { reason: GoneReason }).reason);
    });
    // The server ends every stream after a bounded number of bytes and the browser opens it again at once (decision
    // 0279): only a stream that stays closed for a while is a lost connection.
    let lost: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => {
      clearTimeout(lost);
      setConnected(true);
      void sampleClock();
    };
    source.onerror = () => {
      // Refused (not a member): the browser does not retry; the invitation says what to do.
      if (source.readyState === EventSource.CLOSED) return window.location.assign(roomPath(roomId));
      clearTimeout(lost);
      lost = setTimeout(() => setConnected(false), RECONNECTING_SHOWN_AFTER_MS);
    };
    return () => {
      clearTimeout(lost);
      source.close();
    };
  }, [roomId, accept, sampleClock]);

  // The member's change did not reach the room: the room's own state again.
  const refused = useCallback(
    (message: string) => {
      if (ownChange.current && lastFromServer.current) show(lastFromServer.current);
      ownChange.current = null;
      return message;
    },
    [show],
  );

  const send = useCallback(
    async (command: MemberCommand): Promise<string | null> => {
      const body = new URLSearchParams(Object.entries(command).map(([name, value]) => [name, String(value)]));
      try {
        const response = await fetch(roomCommandsPath(roomId), { method: "POST", body, headers: { Accept: "application/json" } });
        if (response.ok) return null;
        const answer = (await response.json().catch(() => null)) as { error?: string } | null;
        return refused(answer?.error ?? strings.unavailable);
      } catch {
        return refused(strings.unavailable);
      }
    },
    [roomId, refused],
  );

  const assume = useCallback(
    (change: (view: RoomView) => RoomView, seek = false) => {
      const now = latest.current;
      if (!now) return;
      const serverAt = serverNow();
      const position = viewClockAt(now.view, serverAt).position;
      const view = change({ ...now.view, position, now: serverAt });
      if (view.playback !== now.view.playback) ownChange.current = { since: Date.now(), serverAt, seek };
      show({ view });
    },
    [show, serverNow],
  );

  const assumeChange = useCallback(
    (change: PlaybackChange) =>
      assume((view) => {
        // As the server will have it: acting a lead after the command reaches it (half the quickest round trip).
        const actsAt = view.now + (clock.current.oneWay() ?? 0) + ROOM_LIMITS.commandLeadMs;
        const atAct = { position: viewClockAt(view, actsAt).position, running: playbackAt(view.playback, actsAt).running };
        const playback = scheduledPlayback(view.playback, change, actsAt, atAct);
        // The member's own seek: their player waits at its place until the change acts.
        return { ...view, playback: change.type === "seek" ? { ...playback, before: null } : playback };
      }, change.type === "seek"),
    [assume],
  );

  return { current, memberId, chat, connected, gone, send, assume, assumeChange, serverNow, latest };
}
