// Attaches the stream to the <video> once per episode and reports the rendition that is playing.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { Rendition } from "./renditions";
import type { QualityChoice } from "./settings";
import { streamKey, type EngineKind, type VideoEngine } from "./hls-engine";
import { attachVideoEngine } from "./video-engine";

export type EngineState = { kind: EngineKind | null; rendition: number | null; failed: boolean };

export function useVideoEngine(
  videoRef: RefObject<HTMLVideoElement>,
  source: { renditions: readonly Rendition[]; masterUrl: string; mirrors: readonly string[] },
  /** Read once when the stream attaches; later changes go through `setQuality` and `waiting`. */
  initial: () => { quality: QualityChoice; startAt: number; waiting: boolean },
  onAttached: (engine: VideoEngine) => void,
  /** A pre-roll goes first or is playing: the episode fetches only its start meanwhile. */
  waiting: boolean,
  /** The viewer's remembered settings are known (they load after hydration): the stream attaches with them. */
  settingsLoaded: boolean,
) {
  const [state, setState] = useState<EngineState>({ kind: null, rendition: null, failed: false });
  const engineRef = useRef<VideoEngine | null>(null);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const attachedRef = useRef(onAttached);
  attachedRef.current = onAttached;
  const sourceRef = useRef(source);
  sourceRef.current = source;
  // Revalidated loader data brings equal renditions in a new array: only a different stream re-attaches.
  const sourceKey = streamKey(source);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !settingsLoaded) return;
    let cancelled = false;
    const { quality, startAt, waiting: waitingAtStart } = initialRef.current();
    const { renditions, masterUrl, mirrors } = sourceRef.current;
    void attachVideoEngine(
      video,
      { renditions, masterUrl, mirrors, quality, startAt, waiting: waitingAtStart },
      {
        onRendition: (height) => !cancelled && setState((current) => ({ ...current, rendition: height })),
        onFatalError: () => !cancelled && setState((current) => ({ ...current, failed: true })),
      },
    ).then(
      (engine) => {
        if (cancelled) {
          engine.destroy();
          return;
        }
        engineRef.current = engine;
        setState((current) => ({ ...current, kind: engine.kind }));
        attachedRef.current(engine);
      },
      () => !cancelled && setState((current) => ({ ...current, failed: true })),
    );
    return () => {
      cancelled = true;
      engineRef.current?.destroy();
      engineRef.current = null;
    };
  }, [videoRef, sourceKey, settingsLoaded]);

  useEffect(() => {
    engineRef.current?.setWaiting(waiting);
  }, [waiting, state.kind]);

  const setQuality = useCallback((choice: QualityChoice) => engineRef.current?.setQuality(choice), []);
  return { ...state, setQuality };
}
