// The player's remembered settings (decision 0032) edited outside the player: they live in this browser's
// localStorage, so this block works with JavaScript only and says so without it.
import { useId } from "react";
import { usePlayerSettings } from "~/features/player/use-player-settings";
import { AUTO_NEXT_COUNTDOWNS, PLAYBACK_RATES, QUALITY_CHOICES } from "~/features/player/settings";
import { playbackRateLabel } from "~/features/player/strings";
import { panelClass } from "./settings-form";
import { settingsStrings } from "./strings";

const text = settingsStrings.site;
const selectClass = "h-10 rounded-md border border-line bg-page px-2 text-sm disabled:opacity-60";

function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="h-5 w-5"
      />
      {label}
    </label>
  );
}

export function PlayerDefaults() {
  const [settings, update, loaded] = usePlayerSettings();
  const speedId = useId();
  const countdownId = useId();
  const statusId = useId();
  return (
    <section aria-labelledby="player-defaults-heading" className={panelClass}>
      <h2 id="player-defaults-heading" className="text-lg font-semibold">
        {text.player}
      </h2>
      <p id={statusId} className="mt-1 text-sm text-muted">
        {text.playerHint}
      </p>
      <noscript>
        <p className="mt-3 rounded-md border border-line bg-surface-raised px-3 py-2 text-sm">{text.playerNoScript}</p>
      </noscript>
      <div className="mt-4 space-y-4" aria-describedby={statusId}>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{text.quality}</legend>
          <div className="flex flex-wrap gap-2">
            {QUALITY_CHOICES.map((quality) => (
              <label key={quality} className="flex cursor-pointer items-center gap-1.5 rounded border border-line px-2 py-1 text-sm">
                <input
                  type="radio"
                  name="player-quality"
                  value={quality}
                  checked={settings.quality === quality}
                  disabled={!loaded}
                  onChange={() => update({ quality })}
                />
                {quality === "auto" ? text.qualityAuto : `${quality}p`}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={speedId} className="text-sm font-semibold">
            {text.speed}
          </label>
          <select
            id={speedId}
            value={settings.playbackRate}
            disabled={!loaded}
            onChange={(event) => update({ playbackRate: Number(event.currentTarget.value) })}
            className={selectClass}
          >
            {PLAYBACK_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {playbackRateLabel(rate)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          <Switch
            label={text.autoSkipOpening}
            checked={settings.autoSkipOpening}
            disabled={!loaded}
            onChange={(autoSkipOpening) => update({ autoSkipOpening })}
          />
          <Switch
            label={text.autoSkipEnding}
            checked={settings.autoSkipEnding}
            disabled={!loaded}
            onChange={(autoSkipEnding) => update({ autoSkipEnding })}
          />
          <Switch label={text.autoNext} checked={settings.autoNext} disabled={!loaded} onChange={(autoNext) => update({ autoNext })} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={countdownId} className="text-sm font-semibold">
            {text.countdown}
          </label>
          <select
            id={countdownId}
            value={settings.autoNextCountdown}
            disabled={!loaded || !settings.autoNext}
            onChange={(event) => update({ autoNextCountdown: Number(event.currentTarget.value) })}
            className={selectClass}
          >
            {AUTO_NEXT_COUNTDOWNS.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 0 ? text.immediately : text.seconds(seconds)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}
