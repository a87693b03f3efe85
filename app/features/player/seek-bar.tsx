// The seek bar: played and buffered parts, the opening and ending marked, a native range input on top.
import type { KeyboardEvent } from "react";
import { LONG_SEEK_STEP_SECONDS, SEEK_STEP_SECONDS } from "./keyboard";
import { rangeMarker, type SkipRange } from "./skip-ranges";
import { RANGE_INPUT_CLASS } from "./range-style";
import { formatClock } from "~/i18n/format";
import { playerStrings } from "./strings";

type Props = {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  ranges: readonly SkipRange[];
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

export function SeekBar({ currentTime, duration, bufferedEnd, ranges, onSeek, onSeekBy }: Props) {
  const known = duration > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!known) return;
    const step = KEY_STEPS[event.key];
    if (step === undefined && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    if (step !== undefined) onSeekBy(step);
    else onSeek(event.key === "Home" ? 0 : duration);
  };
  const played = known ? Math.min(100, (currentTime / duration) * 100) : 0;
  const buffered = known ? Math.min(100, (bufferedEnd / duration) * 100) : 0;
  return (
    <div className="relative h-6 w-full">
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
