// The seek bar: played and buffered parts, the opening and ending marked, a native range input on top.
import { rangeMarker, type SkipRange } from "./skip-ranges";
import { RANGE_INPUT_CLASS } from "./range-style";
import { formatClock } from "~/i18n/format";
import { playerStrings } from "./strings";

type Props = { currentTime: number; duration: number; bufferedEnd: number; ranges: readonly SkipRange[]; onSeek(time: number): void };

export function SeekBar({ currentTime, duration, bufferedEnd, ranges, onSeek }: Props) {
  const known = duration > 0;
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
        aria-label={playerStrings.seek}
        aria-valuetext={`${formatClock(currentTime)} из ${formatClock(duration)}`}
        className={`absolute inset-0 h-full w-full ${RANGE_INPUT_CLASS}`}
      />
    </div>
  );
}
