// A member's connection to their room: the event stream in, commands out, and the latest view of the room.
import { useCallback, useEffect, useRef, useState } from "react";
import { clockOffset, OFFSET_SAMPLES, targetPosition } from "./drift";
import type { ChatMessage, GoneReason, RoomView } from "./room-state";
import { roomCommandsPath, roomEventsPath, roomPath } from "./room-paths";
import { ROOM_LIMITS } from "./room-state";
import { watchTogetherStrings as strings } from "./strings";

/** The room's view and the browser time at which its position held (the room's clock is carried forward from it). */
export type ReceivedView = { view: RoomView; heldAt: number };

/** A view older than the member's own change is not taken for the room's until then (the change was lost on the way). */
const OWN_CHANGE_ARRIVES_WITHIN_MS = 3_000;
/** A stream closed for longer than this is said to be lost («переподключаемся…»). */
const RECONNECTING_SHOWN_AFTER_MS = 2_000;

export type RoomCommandInput =
  | { type: "play" | "pause" | "seek"; position: number }
  | { type: "rate"; rate: number }
  | { type: "episode"; episodeId: string }
  | { type: "buffering" | "ready" | "leave" }
  | { type: "control"; mode: "all" | "host" }
  | { type: "remove"; targetId: string }
  | { type: "chat"; text: string };

export type RoomConnection = {
  current: ReceivedView | null;
  memberId: string | null;
  chat: ChatMessage[];
  connected: boolean;
  /** Why this browser is no longer in the room (it ended, the member left or was taken out), or null while it is. */
  gone: GoneReason | null;
  /** Sends a command; resolves to an error message to show, or null. */
  send(command: RoomCommandInput): Promise<string | null>;
  /** What the member just did, shown at once while the server's answer is on its way. */
  assume(change: (view: RoomView) => RoomView): void;
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
  const offsetSamples = useRef<number[]>([]);
  const lastFromServer = useRef<ReceivedView | null>(null);
  // The member's own playback change, shown before the server has it: since when (browser time) and the earliest
  // server time the server can have given it.
  const ownChange = useRef<{ since: number; serverAt: number } | null>(null);

  const show = useCallback((received: ReceivedView) => {
    latest.current = received;
    setCurrent(received);
  }, []);
  const accept = useCallback(
    (view: RoomView) => {
      const samples = offsetSamples.current;
      samples.push(Date.now() - view.now);
      if (samples.length > OFFSET_SAMPLES) samples.shift();
      const received = { view, heldAt: view.now + clockOffset(samples) };
      lastFromServer.current = received;
      const own = ownChange.current;
      const shown = latest.current;
      // A view made before the server had the member's own change (it was on its way) would undo it for a moment:
      // a pause undone, an episode opened and left again. Its members and control are taken, its playback is not.
      if (own && shown && view.playback.updatedAt < own.serverAt && Date.now() - own.since < OWN_CHANGE_ARRIVES_WITHIN_MS) {
        const { playback, running, position, now } = shown.view;
        show({ view: { ...view, playback, running, position, now }, heldAt: shown.heldAt });
        return;
      }
      ownChange.current = null;
      show(received);
    },
    [show],
  );

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
  }, [roomId, accept]);

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
    async (command: RoomCommandInput): Promise<string | null> => {
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
    (change: (view: RoomView) => RoomView) => {
      const now = latest.current;
      if (!now) return;
      const at = Date.now();
      const serverAt = at - clockOffset(offsetSamples.current);
      const position = targetPosition(now.view, now.heldAt, at);
      const view = change({ ...now.view, position, now: serverAt });
      if (view.playback !== now.view.playback) ownChange.current = { since: at, serverAt };
      show({ view, heldAt: at });
    },
    [show],
  );

  return { current, memberId, chat, connected, gone, send, assume, latest };
}
