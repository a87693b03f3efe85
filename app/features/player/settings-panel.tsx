// The player's settings: quality, speed, auto-skip, auto-next and its countdown. One component for the player's menu
// and the settings page, so both look and behave alike: borders follow the text around them, fields the palette
// (the player's menus keep the dark one in both themes).
import { useId, type SelectHTMLAttributes } from "react";
import { AUTO_NEXT_COUNTDOWNS, PLAYBACK_RATES, type PlayerSettings, type QualityChoice } from "~/features/video-engine/settings";
import { STILL_WATCHING_EPISODES, STILL_WATCHING_MINUTES } from "~/features/video-engine/still-watching";
import { playbackRateLabel } from "~/features/video-engine/strings";
import { playerStrings, qualityLabel } from "./strings";
import { isAboveCap } from "./low-data-cap";

type Props = {
  /** Two columns in the player's popover (short enough for a landscape picture), one in a phone's sheet; "wide" is two from `sm` up. */
  columns: 1 | 2 | "wide";
  settings: PlayerSettings;
  qualities: readonly QualityChoice[];
  /** The height actually playing, shown beside "auto". */
  playingHeight?: number | null;
  /** Low-data mode's cap (decision 0288): the choices above it are marked, and the menu says why. */
  qualityCap?: number | null;
  /** Until the settings are read from this browser (and without JavaScript, ever). */
  disabled?: boolean;
  onChange(change: Partial<PlayerSettings>): void;
};

const COLUMNS = { 1: "grid-cols-1", 2: "grid-cols-2", wide: "grid-cols-1 sm:grid-cols-2" } as const;
const selectClass = "min-h-8 shrink-0 rounded border border-current/25 bg-surface-raised px-2 py-1 disabled:opacity-60";

export function SettingsPanel({
  columns,
  settings,
  qualities,
  playingHeight = null,
  qualityCap = null,
  disabled = false,
  onChange,
}: Props) {
  const qualityName = useId();
  const speedId = useId();
  const countdownId = useId();
  const askingOff = disabled || !settings.autoNext || !settings.stillWatchingCheck;
  return (
    <div className={`grid gap-x-6 gap-y-4 ${COLUMNS[columns]}`} data-settings-panel>
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 font-semibold">{playerStrings.quality}</legend>
          {qualityCap !== null ? (
            <p className="mb-2 text-sm opacity-80" data-quality-cap>
              {playerStrings.lowData.capReason(qualityCap)}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {qualities.map((quality) => (
              <label
                key={quality}
                className="flex min-h-8 cursor-pointer items-center gap-1.5 rounded border border-current/25 px-2 py-1 has-[:checked]:border-secondary has-[:disabled]:cursor-default"
                data-above-cap={qualityCap !== null && isAboveCap(quality) ? "" : undefined}
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
                {qualityCap !== null && isAboveCap(quality) ? (
                  <span className="text-xs opacity-70">{playerStrings.lowData.aboveCap}</span>
                ) : null}
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
        <div className="space-y-1">
          <Toggle
            label={playerStrings.stillWatchingCheck}
            checked={settings.stillWatchingCheck}
            disabled={disabled || !settings.autoNext}
            onChange={(stillWatchingCheck) => onChange({ stillWatchingCheck })}
          />
          {/* One row, in the shorter column: the menu over the picture shows whole (each select is named on its own). */}
          <div className="flex flex-wrap items-center gap-2">
            <span aria-hidden="true">{playerStrings.stillWatchingAfter}</span>
            <NumberSelect
              aria-label={playerStrings.stillWatchingEpisodes}
              values={STILL_WATCHING_EPISODES}
              nameOf={playerStrings.episodes}
              value={settings.stillWatchingEpisodes}
              disabled={askingOff}
              onChange={(event) => onChange({ stillWatchingEpisodes: Number(event.currentTarget.value) })}
            />
            <span aria-hidden="true">{playerStrings.stillWatchingOr}</span>
            <NumberSelect
              aria-label={playerStrings.stillWatchingMinutes}
              values={STILL_WATCHING_MINUTES}
              nameOf={playerStrings.minutes}
              value={settings.stillWatchingMinutes}
              disabled={askingOff}
              onChange={(event) => onChange({ stillWatchingMinutes: Number(event.currentTarget.value) })}
            />
          </div>
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
        <Choice
          id={countdownId}
          label={playerStrings.autoNextCountdown}
          value={settings.autoNextCountdown}
          values={AUTO_NEXT_COUNTDOWNS}
          name={(seconds) => (seconds === 0 ? playerStrings.immediately : playerStrings.seconds(seconds))}
          disabled={disabled || !settings.autoNext}
          onChange={(autoNextCountdown) => onChange({ autoNextCountdown })}
        />
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

function Choice({
  id,
  label,
  value,
  values,
  name,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  values: readonly number[];
  name(value: number): string;
  disabled: boolean;
  onChange(value: number): void;
}) {
  return (
    // A column too narrow for the label and the select side by side puts the select under it (decision 0283).
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
      <label htmlFor={id} className="min-w-0 grow basis-52">
        {label}
      </label>
      <NumberSelect
        id={id}
        values={values}
        nameOf={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      />
    </div>
  );
}

/** A select of numbers, each named in words («3 серии», «90 минут»); the settings page's form without JavaScript too. */
export function NumberSelect({
  values,
  nameOf,
  ...select
}: { values: readonly number[]; nameOf(value: number): string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">) {
  return (
    <select {...select} className={selectClass}>
      {values.map((option) => (
        <option key={option} value={option}>
          {nameOf(option)}
        </option>
      ))}
    </select>
  );
}
