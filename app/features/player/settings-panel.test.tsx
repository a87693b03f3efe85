// @vitest-environment happy-dom
// The player's settings as a viewer meets them (in the player's menu and on the settings page): every control named,
// showing the settings it was given, telling what changed, and off where it cannot apply.
import { describe, expect, it, vi } from "vitest";
import { changeValue, click, render } from "../../../tests/support/render-component";
import { DEFAULT_SETTINGS, type PlayerSettings } from "~/features/video-engine/settings";
import { SettingsPanel } from "./settings-panel";
import { videoEngineStrings } from "~/features/video-engine/strings";
import { playerStrings } from "./strings";

function renderPanel(settings: Partial<PlayerSettings> = {}, { disabled = false, playingHeight = 720 } = {}) {
  const onChange = vi.fn();
  const screen = render(
    <SettingsPanel
      columns={2}
      settings={{ ...DEFAULT_SETTINGS, ...settings }}
      qualities={["auto", "480", "720"]}
      playingHeight={playingHeight}
      disabled={disabled}
      onChange={onChange}
    />,
  );
  return { screen, onChange };
}

const isDisabled = (element: HTMLElement) => (element as HTMLInputElement | HTMLSelectElement).disabled;
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;

describe("the player's settings panel", () => {
  it("shows the chosen quality, the height «Авто» is playing, and asks for another", () => {
    const { screen, onChange } = renderPanel({ quality: "auto" }, { playingHeight: 480 });
    expect(isChecked(screen.getByRole("radio", { name: `${playerStrings.qualityAuto} (480p)` }))).toBe(true);
    expect(isChecked(screen.getByRole("radio", { name: "720p" }))).toBe(false);
    click(screen.getByRole("radio", { name: "720p" }));
    expect(onChange).toHaveBeenCalledWith({ quality: "720" });
    const fixed = renderPanel({ quality: "480" });
    expect(isChecked(fixed.screen.getByRole("radio", { name: "480p" }))).toBe(true);
    expect(fixed.screen.getByRole("radio", { name: playerStrings.qualityAuto })).toBeTruthy();
  });

  it("changes the speed as a number", () => {
    const { screen, onChange } = renderPanel({ playbackRate: 1 });
    const speed = screen.getByRole("combobox", { name: playerStrings.speed }) as HTMLSelectElement;
    expect(speed.value).toBe("1");
    expect(speed.selectedOptions[0]?.textContent).toBe(videoEngineStrings.normalSpeed);
    changeValue(speed, "1.5");
    expect(onChange).toHaveBeenCalledWith({ playbackRate: 1.5 });
  });

  it("turns each switch over, saying which setting changed", () => {
    const { screen, onChange } = renderPanel({ autoSkipOpening: false, autoSkipEnding: true, autoNext: true });
    const opening = screen.getByRole("checkbox", { name: playerStrings.autoSkipOpening });
    expect(isChecked(opening)).toBe(false);
    expect(isChecked(screen.getByRole("checkbox", { name: playerStrings.autoSkipEnding }))).toBe(true);
    click(opening);
    expect(onChange).toHaveBeenLastCalledWith({ autoSkipOpening: true });
    click(screen.getByRole("checkbox", { name: playerStrings.autoSkipEnding }));
    expect(onChange).toHaveBeenLastCalledWith({ autoSkipEnding: false });
    click(screen.getByRole("checkbox", { name: playerStrings.autoNext }));
    expect(onChange).toHaveBeenLastCalledWith({ autoNext: false });
  });

  it("asks «Вы ещё смотрите?» after episodes or minutes, chosen in words", () => {
    const { screen, onChange } = renderPanel({ stillWatchingEpisodes: 3, stillWatchingMinutes: 90 });
    const episodes = screen.getByRole("combobox", { name: playerStrings.stillWatchingEpisodes }) as HTMLSelectElement;
    expect(episodes.selectedOptions[0]?.textContent).toBe(playerStrings.episodes(3));
    changeValue(episodes, "5");
    expect(onChange).toHaveBeenLastCalledWith({ stillWatchingEpisodes: 5 });
    changeValue(screen.getByRole("combobox", { name: playerStrings.stillWatchingMinutes }), "120");
    expect(onChange).toHaveBeenLastCalledWith({ stillWatchingMinutes: 120 });
    changeValue(screen.getByRole("combobox", { name: playerStrings.autoNextCountdown }), "0");
    expect(onChange).toHaveBeenLastCalledWith({ autoNextCountdown: 0 });
  });

  it("switches off what hangs on auto-next while it is off, and the thresholds while the question is", () => {
    const withoutAutoNext = renderPanel({ autoNext: false }).screen;
    expect(isDisabled(withoutAutoNext.getByRole("checkbox", { name: playerStrings.stillWatchingCheck }))).toBe(true);
    expect(isDisabled(withoutAutoNext.getByRole("combobox", { name: playerStrings.autoNextCountdown }))).toBe(true);
    expect(isDisabled(withoutAutoNext.getByRole("combobox", { name: playerStrings.stillWatchingEpisodes }))).toBe(true);
    const withoutQuestion = renderPanel({ autoNext: true, stillWatchingCheck: false }).screen;
    expect(isDisabled(withoutQuestion.getByRole("checkbox", { name: playerStrings.stillWatchingCheck }))).toBe(false);
    expect(isDisabled(withoutQuestion.getByRole("combobox", { name: playerStrings.stillWatchingMinutes }))).toBe(true);
    expect(isDisabled(withoutQuestion.getByRole("combobox", { name: playerStrings.autoNextCountdown }))).toBe(false);
  });

  it("is all off until the settings are read from this browser", () => {
    const { screen } = renderPanel({}, { disabled: true });
    const controls = [...screen.getAllByRole("radio"), ...screen.getAllByRole("checkbox"), ...screen.getAllByRole("combobox")];
    expect(controls.length).toBeGreaterThan(8);
    expect(controls.filter((control) => !isDisabled(control))).toEqual([]);
  });
});
