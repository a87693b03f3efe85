import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SettingsPanel } from "~/features/player/settings-panel";
import { DEFAULT_SETTINGS } from "~/features/video-engine/settings";
import { playerStrings } from "~/features/player/strings";
import { PlayerDefaults } from "./player-defaults";

const controls = (markup: string) => markup.match(/<(input|select)\b[^>]*>/g) ?? [];
const care = { autoNext: true, stillWatchingCheck: false, stillWatchingEpisodes: 4, stillWatchingMinutes: 60, savedAt: 1 };
const [withScript, withoutScript] = (() => {
  const markup = renderToStaticMarkup(<PlayerDefaults care={care} />);
  const noscript = /<noscript>([\s\S]*)<\/noscript>/.exec(markup)?.[1] ?? "";
  return [markup.replace(noscript, ""), noscript];
})();

describe("the player's defaults on the settings page", () => {
  it("are the player's own controls, every quality offered", () => {
    const markup = withScript;
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
    const all = controls(withScript);
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

  it("offers auto-next and «Вы ещё смотрите?» without JavaScript as a form, with the cookie's values", () => {
    expect(withoutScript).toContain('<form method="post"');
    const fields = controls(withoutScript);
    expect(fields.filter((field) => /\sdisabled=""/.test(field))).toEqual([]);
    expect(fields.find((field) => field.includes('name="autoNext"'))).toContain("checked");
    expect(fields.find((field) => field.includes('name="stillWatchingCheck"'))).not.toContain("checked");
    expect(withoutScript).toMatch(/<option value="4" selected="">4 серии<\/option>/);
    expect(withoutScript).toMatch(/<option value="60" selected="">60 минут<\/option>/);
  });
});
