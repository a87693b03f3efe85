// The cast button's state in the player. Where the <video> offers a casting API its code loads on demand and reports
// what the button shows; while a device plays a hand-over, hls.js lets go of the element (decision 0287).
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { CastSession } from "./cast-session";
import type { CastState, CastTarget } from "./cast-state";
import type { Announce } from "./live-region";

export function castTargetOf(video: HTMLVideoElement): CastTarget | null {
  if ("webkitShowPlaybackTargetPicker" in video) return "airplay";
  if ("remote" in video && video.remote) return "remote-playback";
  return null;
}

export type Cast = {
  /** Null where the browser has no casting API (or its code has not loaded yet). */
  state: CastState | null;
  /** A device plays what hls.js played here: the engine lets go of the element until it returns. */
  holdsElement: boolean;
  prompt(): void;
  /** Where the device let go of a hand-over, once: the engine attaching next starts there. */
  takeReturnPosition(): number | null;
};

export function useCast(videoRef: RefObject<HTMLVideoElement>, masterUrl: string, announce: Announce): Cast {
  const [state, setState] = useState<CastState | null>(null);
  const session = useRef<CastSession | null>(null);
  const returnPosition = useRef<number | null>(null);
  const announceRef = useRef(announce);
  announceRef.current = announce;

  useEffect(() => {
    const video = videoRef.current;
    const target = video ? castTargetOf(video) : null;
    if (!video || !target) return;
    let cancelled = false;
    void import("./cast-session").then(
      ({ startCastSession }) => {
        if (cancelled) return;
        session.current = startCastSession(video, target, {
          onState: setState,
          announce: (message) => announceRef.current(message),
          onReturned: (position) => {
            returnPosition.current = position;
          },
        });
      },
      // Without its code there is no button: the player plays on as before.
      () => undefined,
    );
    return () => {
      cancelled = true;
      session.current?.stop();
      session.current = null;
      setState(null);
    };
  }, [videoRef]);

  const holdsElement = state?.phase === "connected" && state.handedOverAt !== null;
  const handedOverAt = state?.handedOverAt ?? null;
  // Runs after the engine's cleanup of the same commit (React runs every cleanup first), on the element it let go.
  useEffect(() => {
    if (holdsElement && handedOverAt !== null) session.current?.handOver(masterUrl, handedOverAt);
  }, [holdsElement, handedOverAt, masterUrl]);

  const prompt = useCallback(() => session.current?.prompt(), []);
  const takeReturnPosition = useCallback(() => {
    const position = returnPosition.current;
    returnPosition.current = null;
    return position;
  }, []);
  return { state, holdsElement, prompt, takeReturnPosition };
}
