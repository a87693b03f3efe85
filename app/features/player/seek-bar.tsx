// The seek bar: played and buffered parts, the opening and ending marked, a native range input on top that moves by
// the player's steps under the keys, and the frame of the moment pointed at (hovered, dragged, touched or reached by
// the keys) above it.
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { LONG_SEEK_STEP_SECONDS, SEEK_STEP_SECONDS } from "./keyboard";
import { rangeMarker, type SkipRange } from "~/features/video-engine/skip-ranges";
import { RANGE_INPUT_CLASS } from "./range-style";
import { loadSeekPreview } from "./seek-preview-code";
import type { PreviewSource } from "~/features/video-engine/seek-previews";
import { formatClock } from "~/i18n/format";
import { playerStrings } from "./strings";

const SeekPreview = lazy(loadSeekPreview);

/** How long the frame stays after a seek by the keys. */
const KEY_PREVIEW_MS = 1_200;

type Props = {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  ranges: readonly SkipRange[];
  /** Where the frames come from (while there are none, only the time is shown). */
  previews: PreviewSource;
  onSeek(time: number): void;
  /** From the video's own position: keys pressed in a row come before the state catches up. */
  onSeekBy(seconds: number): void;
};

/** A focused seek bar moves by the player's steps, not by its 0.1 s step for dragging. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -SEEK_STEP_SECONDS,
  ArrowDown: -SEEK_STEP_SECONDS,
  ArrowRight: SEEK_STEP_SECONDS,
  ArrowUp: SEEK_STEP_SECONDS,
  PageDown: -LONG_SEEK_STEP_SECONDS,
  PageUp: LONG_SEEK_STEP_SECONDS,
};

/** Where the frame is asked for: a moment of the episode, placed over the bar. */
type Pointed = { time: number; at: number };

function usePointedMoment(duration: number, currentTime: number) {
  const [pointed, setPointed] = useState<Pointed | null>(null);
  const [keyed, setKeyed] = useState(false);
  const keyTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(keyTimer.current), []);
  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    if (!(duration > 0)) return;
    const box = event.currentTarget.getBoundingClientRect();
    const at = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setPointed({ time: at * duration, at });
  };
  /** A seek by the keys shows the frame of where it went for a moment. */
  const showKeyed = () => {
    setKeyed(true);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => setKeyed(false), KEY_PREVIEW_MS);
  };
  const shown = pointed ?? (keyed && duration > 0 ? { time: currentTime, at: currentTime / duration } : null);
  return {
    shown,
    handlers: {
      onPointerMove: fromPointer,
      onPointerDown: fromPointer,
      onPointerLeave: (event: PointerEvent<HTMLDivElement>) => event.pointerType === "mouse" && setPointed(null),
      onPointerUp: (event: PointerEvent<HTMLDivElement>) => event.pointerType !== "mouse" && setPointed(null),
      onPointerCancel: () => setPointed(null),
    },
    showKeyed,
  };
}

export function SeekBar({ currentTime, duration, bufferedEnd, ranges, previews, onSeek, onSeekBy }: Props) {
  const { shown, handlers, showKeyed } = usePointedMoment(duration, currentTime);
  const known = duration > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!known) return;
    const step = KEY_STEPS[event.key];
    if (step === undefined && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    if (step !== undefined) onSeekBy(step);
    else onSeek(event.key === "Home" ? 0 : duration);
    showKeyed();
  };
  const played = known ? Math.min(100, (currentTime / duration) * 100) : 0;
  const buffered = known ? Math.min(100, (bufferedEnd / duration) * 100) : 0;
  return (
    <div className="relative h-6 w-full" {...handlers}>
      {shown ? (
        <Suspense fallback={null}>
          <SeekPreview source={previews} time={shown.time} at={shown.at} />
        </Suspense>
      ) : null}
      <div className="pointer-events-none absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 overflow-hidden rounded-full bg-white/25">
        <div className="absolute inset-y-0 left-0 bg-white/40" style={{ width: `${buffered}%` }} />
        <div className="absolute inset-y-0 left-0 bg-secondary" style={{ width: `${played}%` }} />
        {ranges.map((range) => {
          const marker = rangeMarker(range, duration);
          return marker ? (
            <span
              key={range.kind}
              data-skip-marker={range.kind}
              title={range.kind === "opening" ? playerStrings.opening : playerStrings.ending}
              className="absolute inset-y-0 bg-amber-300/70"
              style={{ left: `${marker.left}%`, width: `${marker.width}%` }}
            />
          ) : null;
        })}
      </div>
      <input
        type="range"
        min={0}
        max={known ? duration : 1}
        step={0.1}
        value={known ? Math.min(currentTime, duration) : 0}
        disabled={!known}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onKeyDown={onKeyDown}
        aria-label={playerStrings.seek}
        aria-valuetext={playerStrings.position(formatClock(currentTime), formatClock(duration))}
        className={`absolute inset-0 h-full w-full ${RANGE_INPUT_CLASS}`}
      />
    </div>
  );
}
