import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SettingsPanel } from "~/features/player/settings-panel";
import { DEFAULT_SETTINGS } from "~/features/player/settings";
import { playerStrings } from "~/features/player/strings";
import { PlayerDefaults } from "./player-defaults";

const controls = (markup: string) => markup.match(/<(input|select)\b[^>]*>/g) ?? [];

describe("the player's defaults on the settings page", () => {
  it("are the player's own controls, every quality offered", () => {
    const markup = renderToStaticMarkup(<PlayerDefaults />);
    expect(markup).toContain("data-settings-panel");
    for (const label of [playerStrings.quality, playerStrings.speed, playerStrings.autoSkipOpening, playerStrings.autoNextCountdown]) {
      expect(markup).toContain(label);
    }
    expect(
      controls(markup)
        .filter((control) => control.includes('type="radio"'))
        .map((radio) => /value="(\w+)"/.exec(radio)?.[1]),
    ).toEqual(["auto", "480", "720", "1080"]);
  });

  it("cannot be changed before the browser's settings are read (and never without JavaScript)", () => {
    const all = controls(renderToStaticMarkup(<PlayerDefaults />));
    // Qualities, speed, four switches, the countdown and the two «Вы ещё смотрите?» thresholds.
    expect(all).toHaveLength(4 + 1 + 4 + 3);
    for (const control of all) expect(control).toMatch(/\sdisabled=""/);
  });
});

describe("the player's settings panel", () => {
  it("offers what the episode has and names the height playing beside «auto»", () => {
    const markup = renderToStaticMarkup(
      <SettingsPanel columns={2} settings={DEFAULT_SETTINGS} qualities={["auto", "720"]} playingHeight={720} onChange={() => {}} />,
    );
    expect(markup).toContain(`${playerStrings.qualityAuto} (720p)`);
    expect(markup).not.toContain('value="1080"');
    expect(controls(markup).filter((control) => /\sdisabled=""/.test(control))).toHaveLength(0);
  });
});
