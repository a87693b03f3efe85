// The settings panel's contents: quality, speed, auto-skip, auto-next and its countdown.
import { useId } from "react";
import type { Rendition } from "./renditions";
import { AUTO_NEXT_COUNTDOWNS, PLAYBACK_RATES, type PlayerSettings, type QualityChoice } from "./settings";
import { playbackRateLabel, playerStrings } from "./strings";

type Props = {
  id: string;
  /** Two columns in a popover (short enough for a landscape picture), one in a phone's sheet. */
  columns: 1 | 2;
  settings: PlayerSettings;
  renditions: readonly Rendition[];
  /** The height actually playing, shown beside "auto". */
  playingHeight: number | null;
  onChange(change: Partial<PlayerSettings>): void;
};

export function SettingsPanel({ id, columns, settings, renditions, playingHeight, onChange }: Props) {
  const speedId = useId();
  const countdownId = useId();
  const qualities: QualityChoice[] = ["auto", ...renditions.map((rendition) => String(rendition.height) as QualityChoice)];
  return (
    <div className={`grid gap-x-6 gap-y-4 ${columns === 2 ? "grid-cols-2" : "grid-cols-1"}`} data-settings-panel>
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 font-semibold">{playerStrings.quality}</legend>
          <div className="flex flex-wrap gap-2">
            {qualities.map((quality) => (
              <label
                key={quality}
                className="flex min-h-8 cursor-pointer items-center gap-1.5 rounded border border-white/20 px-2 py-1 has-[:checked]:border-secondary"
              >
                <input
                  type="radio"
                  name={`${id}-quality`}
                  value={quality}
                  checked={settings.quality === quality}
                  onChange={() => onChange({ quality })}
                />
                {quality === "auto"
                  ? `${playerStrings.qualityAuto}${settings.quality === "auto" && playingHeight ? ` (${playingHeight}p)` : ""}`
                  : `${quality}p`}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={speedId} className="font-semibold">
            {playerStrings.speed}
          </label>
          <select
            id={speedId}
            value={settings.playbackRate}
            onChange={(event) => onChange({ playbackRate: Number(event.currentTarget.value) })}
            className="min-h-8 rounded bg-neutral-800 px-2 py-1"
          >
            {PLAYBACK_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {playbackRateLabel(rate)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="space-y-4">
        <div className="space-y-1">
          <Toggle
            label={playerStrings.autoSkipOpening}
            checked={settings.autoSkipOpening}
            onChange={(autoSkipOpening) => onChange({ autoSkipOpening })}
          />
          <Toggle
            label={playerStrings.autoSkipEnding}
            checked={settings.autoSkipEnding}
            onChange={(autoSkipEnding) => onChange({ autoSkipEnding })}
          />
          <Toggle label={playerStrings.autoNext} checked={settings.autoNext} onChange={(autoNext) => onChange({ autoNext })} />
        </div>
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={countdownId}>{playerStrings.autoNextCountdown}</label>
          <select
            id={countdownId}
            value={settings.autoNextCountdown}
            disabled={!settings.autoNext}
            onChange={(event) => onChange({ autoNextCountdown: Number(event.currentTarget.value) })}
            className="min-h-8 shrink-0 rounded bg-neutral-800 px-2 py-1 disabled:opacity-60"
          >
            {AUTO_NEXT_COUNTDOWNS.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 0 ? playerStrings.immediately : playerStrings.seconds(seconds)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="flex min-h-8 cursor-pointer items-center justify-between gap-3">
      <span>{label}</span>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="h-4 w-4 accent-[#FE3635]"
      />
    </label>
  );
}
