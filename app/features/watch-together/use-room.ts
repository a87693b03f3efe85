// A member's connection to their room: the event stream in, commands out, and the latest view of the room.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage, RoomView } from "./room-state";
import { roomCommandsPath, roomEventsPath, roomPath } from "./room-paths";
import { ROOM_LIMITS } from "./room-state";
import { watchTogetherStrings as strings } from "./strings";

/** The room's view and the browser time it arrived at (the room's clock is carried forward from it). */
export type ReceivedView = { view: RoomView; receivedAt: number };

export type RoomCommandInput =
  | { type: "play" | "pause" | "seek"; position: number }
  | { type: "rate"; rate: number }
  | { type: "episode"; episodeId: string }
  | { type: "buffering" | "ready" | "leave" }
  | { type: "control"; mode: "all" | "host" }
  | { type: "chat"; text: string };

export type RoomConnection = {
  current: ReceivedView | null;
  memberId: string | null;
  chat: ChatMessage[];
  connected: boolean;
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
  const latest = useRef<ReceivedView | null>(null);

  const accept = useCallback((view: RoomView) => {
    const received = { view, receivedAt: Date.now() };
    latest.current = received;
    setCurrent(received);
  }, []);

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
    source.onopen = () => setConnected(true);
    source.onerror = () => {
      setConnected(false);
      // Refused (not a member, no such room): the browser does not retry; the invitation says what to do.
      if (source.readyState === EventSource.CLOSED) window.location.assign(roomPath(roomId));
    };
    return () => source.close();
  }, [roomId, accept]);

  const send = useCallback(
    async (command: RoomCommandInput): Promise<string | null> => {
      const body = new URLSearchParams(Object.entries(command).map(([name, value]) => [name, String(value)]));
      try {
        const response = await fetch(roomCommandsPath(roomId), { method: "POST", body, headers: { Accept: "application/json" } });
        if (response.ok) return null;
        const answer = (await response.json().catch(() => null)) as { error?: string } | null;
        return answer?.error ?? strings.unavailable;
      } catch {
        return strings.unavailable;
      }
    },
    [roomId],
  );

  const assume = useCallback(
    (change: (view: RoomView) => RoomView) => {
      const now = latest.current;
      if (!now) return;
      const elapsed = Date.now() - now.receivedAt;
      const position = now.view.running ? now.view.position + (elapsed * now.view.playback.rate) / 1000 : now.view.position;
      accept(change({ ...now.view, position, now: now.view.now + elapsed }));
    },
    [accept],
  );

  return { current, memberId, chat, connected, send, assume, latest };
}
