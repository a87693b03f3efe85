// The player's remembered settings (decision 0032) edited outside the player, with the player's own controls: they
// live in this browser's localStorage, so this block works with JavaScript only and says so without it.
import { useId } from "react";
import { INTENT_FIELD } from "~/shared/forms/form-fields";
import type { PlayerCare } from "~/features/video-engine/player-care";
import { NumberSelect, SettingsPanel } from "~/features/player/settings-panel";
import { QUALITY_CHOICES } from "~/features/video-engine/settings";
import { STILL_WATCHING_EPISODES, STILL_WATCHING_MINUTES } from "~/features/video-engine/still-watching";
import { playerStrings } from "~/features/player/strings";
import { usePlayerSettings } from "~/features/video-engine/use-player-settings";
import { buttonClass, panelClass } from "./settings-form";
import { settingsStrings } from "./strings";

const text = settingsStrings.site;

export function PlayerDefaults({ care }: { care: PlayerCare }) {
  const [settings, update, loaded] = usePlayerSettings();
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
        <PlayerCareForm care={care} />
      </noscript>
      <div className="mt-4 text-sm" aria-describedby={statusId}>
        <SettingsPanel columns="wide" settings={settings} qualities={QUALITY_CHOICES} disabled={!loaded} onChange={update} />
      </div>
    </section>
  );
}

/** Without JavaScript: auto-next and «Вы ещё смотрите?» as a plain form, kept in a cookie the player reads (decision 0285). */
function PlayerCareForm({ care }: { care: PlayerCare }) {
  return (
    <form method="post" className="mt-4 max-w-md space-y-3 text-sm" aria-labelledby="player-care-heading">
      <h3 id="player-care-heading" className="font-semibold">
        {text.playerCare}
      </h3>
      <p className="text-muted">{text.playerCareHint}</p>
      <input type="hidden" name={INTENT_FIELD} value="player-care" />
      <label className="flex items-center justify-between gap-3">
        <span>{playerStrings.autoNext}</span>
        <input type="checkbox" name="autoNext" defaultChecked={care.autoNext} className="h-4 w-4" />
      </label>
      <label className="flex items-center justify-between gap-3">
        <span>{playerStrings.stillWatchingCheck}</span>
        <input type="checkbox" name="stillWatchingCheck" defaultChecked={care.stillWatchingCheck} className="h-4 w-4" />
      </label>
      <label className="flex items-center justify-between gap-3">
        <span>{playerStrings.stillWatchingEpisodes}</span>
        <NumberSelect
          name="stillWatchingEpisodes"
          values={STILL_WATCHING_EPISODES}
          nameOf={playerStrings.episodes}
          defaultValue={care.stillWatchingEpisodes}
        />
      </label>
      <label className="flex items-center justify-between gap-3">
        <span>{playerStrings.stillWatchingMinutes}</span>
        <NumberSelect
          name="stillWatchingMinutes"
          values={STILL_WATCHING_MINUTES}
          nameOf={playerStrings.minutes}
          defaultValue={care.stillWatchingMinutes}
        />
      </label>
      <button type="submit" className={buttonClass}>
        {settingsStrings.save}
      </button>
    </form>
  );
}
