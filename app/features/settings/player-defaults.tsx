// The player's remembered settings (decision 0032) edited outside the player, with the player's own controls: they
// live in this browser's localStorage, so this block works with JavaScript only and says so without it.
import { useId } from "react";
import { SettingsPanel } from "~/features/player/settings-panel";
import { QUALITY_CHOICES } from "~/features/player/settings";
import { usePlayerSettings } from "~/features/player/use-player-settings";
import { panelClass } from "./settings-form";
import { settingsStrings } from "./strings";

const text = settingsStrings.site;

export function PlayerDefaults() {
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
      </noscript>
      <div className="mt-4 text-sm" aria-describedby={statusId}>
        <SettingsPanel columns="wide" settings={settings} qualities={QUALITY_CHOICES} disabled={!loaded} onChange={update} />
      </div>
    </section>
  );
}
