// The player's settings: quality, speed, auto-skip, auto-next and its countdown. One component for the player's menu
// and the settings page, so both look and behave alike: borders follow the text around them, fields the palette
// (the player's menus keep the dark one in both themes).
import { useId } from "react";
import { AUTO_NEXT_COUNTDOWNS, PLAYBACK_RATES, type PlayerSettings, type QualityChoice } from "./settings";
import { playbackRateLabel, playerStrings, qualityLabel } from "./strings";

type Props = {
  /** Two columns in the player's popover (short enough for a landscape picture), one in a phone's sheet; "wide" is two from `sm` up. */
  columns: 1 | 2 | "wide";
  settings: PlayerSettings;
  qualities: readonly QualityChoice[];
  /** The height actually playing, shown beside "auto". */
  playingHeight?: number | null;
  /** Until the settings are read from this browser (and without JavaScript, ever). */
  disabled?: boolean;
  onChange(change: Partial<PlayerSettings>): void;
};

const COLUMNS = { 1: "grid-cols-1", 2: "grid-cols-2", wide: "grid-cols-1 sm:grid-cols-2" } as const;
const selectClass = "min-h-8 shrink-0 rounded border border-current/25 bg-surface-raised px-2 py-1 disabled:opacity-60";

export function SettingsPanel({ columns, settings, qualities, playingHeight = null, disabled = false, onChange }: Props) {
  const qualityName = useId();
  const speedId = useId();
  const countdownId = useId();
  return (
    <div className={`grid gap-x-6 gap-y-4 ${COLUMNS[columns]}`} data-settings-panel>
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 font-semibold">{playerStrings.quality}</legend>
          <div className="flex flex-wrap gap-2">
            {qualities.map((quality) => (
              <label
                key={quality}
                className="flex min-h-8 cursor-pointer items-center gap-1.5 rounded border border-current/25 px-2 py-1 has-[:checked]:border-secondary has-[:disabled]:cursor-default"
              >
                <input
                  type="radio"
                  name={qualityName}
                  value={quality}
                  checked={settings.quality === quality}
                  disabled={disabled}
                  onChange={() => onChange({ quality })}
                />
                {quality === "auto"
                  ? `${playerStrings.qualityAuto}${settings.quality === "auto" && playingHeight ? ` (${playingHeight}p)` : ""}`
                  : qualityLabel(quality)}
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
            disabled={disabled}
            onChange={(event) => onChange({ playbackRate: Number(event.currentTarget.value) })}
            className={selectClass}
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
            disabled={disabled}
            onChange={(autoSkipOpening) => onChange({ autoSkipOpening })}
          />
          <Toggle
            label={playerStrings.autoSkipEnding}
            checked={settings.autoSkipEnding}
            disabled={disabled}
            onChange={(autoSkipEnding) => onChange({ autoSkipEnding })}
          />
          <Toggle
            label={playerStrings.autoNext}
            checked={settings.autoNext}
            disabled={disabled}
            onChange={(autoNext) => onChange({ autoNext })}
          />
        </div>
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={countdownId}>{playerStrings.autoNextCountdown}</label>
          <select
            id={countdownId}
            value={settings.autoNextCountdown}
            disabled={disabled || !settings.autoNext}
            onChange={(event) => onChange({ autoNextCountdown: Number(event.currentTarget.value) })}
            className={selectClass}
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

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label className="flex min-h-8 cursor-pointer items-center justify-between gap-3 has-[:disabled]:cursor-default">
      <span>{label}</span>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="h-4 w-4 shrink-0"
      />
    </label>
  );
}
