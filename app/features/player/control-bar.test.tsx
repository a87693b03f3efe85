// @vitest-environment happy-dom
// The bar under the picture as a viewer meets it: its buttons by name and state, and what each one asks the player.
import { describe, expect, it, vi } from "vitest";
import { changeValue, click, render } from "../../../tests/support/render-component";
import { ControlBar } from "./control-bar";
import type { BarLayout, OptionalControl } from "./control-layout";
import { DEFAULT_SETTINGS, type PlayerSettings } from "~/features/video-engine/settings";
import { playerStrings } from "./strings";
import { INITIAL_MEDIA_STATE, type MediaState } from "./use-media-state";

const WIDE: BarLayout = {
  inline: new Set<OptionalControl>(["previous", "next", "mute", "volume", "theatre", "pip", "shortcuts"]),
  overflow: [],
};
const NARROW: BarLayout = { inline: new Set<OptionalControl>(), overflow: ["previous", "next", "volume", "shortcuts"] };

function renderBar({
  media = {},
  settings = {},
  layout = WIDE,
  openMenu = null,
  fullscreenSupported = true,
  hasNext = true,
}: {
  media?: Partial<MediaState>;
  settings?: Partial<PlayerSettings>;
  layout?: BarLayout;
  openMenu?: "settings" | "more" | null;
  fullscreenSupported?: boolean;
  hasNext?: boolean;
} = {}) {
  const calls = {
    onTogglePlay: vi.fn(),
    onSeek: vi.fn(),
    onSeekBy: vi.fn(),
    onVolume: vi.fn(),
    onToggleMute: vi.fn(),
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    onToggleMenu: vi.fn(),
    onCloseMenu: vi.fn(),
    onQuality: vi.fn(),
    onSettings: vi.fn(),
    onShowHelp: vi.fn(),
    toggleFullscreen: vi.fn(),
    onCast: vi.fn(),
  };
  const screen = render(
    <div>
      <ControlBar
        hidden={false}
        media={{ ...INITIAL_MEDIA_STATE, duration: 1440, currentTime: 65, ...media }}
        settings={{ ...DEFAULT_SETTINGS, ...settings }}
        ranges={[]}
        renditions={[{ height: 720, url: "/media/720.m3u8" }]}
        playingHeight={720}
        castPhase="no-device"
        qualityCap={null}
        previews={{ built: null }}
        layout={layout}
        menusAsSheet={false}
        openMenu={openMenu}
        fullscreen={{ active: false, supported: fullscreenSupported, toggle: calls.toggleFullscreen }}
        pip={{ active: false, supported: true, toggle: vi.fn() }}
        hasPrevious={false}
        hasNext={hasNext}
        {...calls}
      />
    </div>,
  );
  return { screen, calls };
}

describe("the player's control bar", () => {
  it("plays when paused and pauses when playing, by one button named for what it does", () => {
    const { screen, calls } = renderBar({ media: { paused: true } });
    click(screen.getByRole("button", { name: playerStrings.play }));
    expect(calls.onTogglePlay).toHaveBeenCalledTimes(1);
    const playing = renderBar({ media: { paused: false } });
    expect(playing.screen.getByRole("button", { name: playerStrings.pause })).toBeTruthy();
  });

  it("offers the next episode, and the previous one disabled on the first", () => {
    const { screen, calls } = renderBar();
    const previous = screen.getByRole("button", { name: playerStrings.previousEpisode }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    click(screen.getByRole("button", { name: playerStrings.nextEpisode }));
    expect(calls.onNext).toHaveBeenCalledTimes(1);
    const last = renderBar({ hasNext: false });
    expect((last.screen.getByRole("button", { name: playerStrings.nextEpisode }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("names the sound button for what it will do, and the volume slider by its level", () => {
    const { screen, calls } = renderBar({ settings: { volume: 0.6 } });
    click(screen.getByRole("button", { name: playerStrings.mute }));
    expect(calls.onToggleMute).toHaveBeenCalledTimes(1);
    const slider = screen.getByRole("slider", { name: playerStrings.volume });
    expect(slider.getAttribute("aria-valuetext")).toBe(playerStrings.volumeLevel(60));
    changeValue(slider, "0.25");
    expect(calls.onVolume).toHaveBeenCalledWith(0.25);
    const muted = renderBar({ settings: { muted: true } });
    expect(muted.screen.getByRole("button", { name: playerStrings.unmute })).toBeTruthy();
    expect(muted.screen.getByRole("slider", { name: playerStrings.volume }).getAttribute("aria-valuetext")).toBe(
      playerStrings.volumeLevel(0),
    );
  });

  it("says whether the theatre mode is on, and turns it over", () => {
    const { screen, calls } = renderBar({ settings: { theatre: false } });
    const theatre = screen.getByRole("button", { name: playerStrings.theatre });
    expect(theatre.getAttribute("aria-pressed")).toBe("false");
    click(theatre);
    expect(calls.onSettings).toHaveBeenCalledWith({ theatre: true });
    const on = renderBar({ settings: { theatre: true } });
    expect(on.screen.getByRole("button", { name: playerStrings.exitTheatre }).getAttribute("aria-pressed")).toBe("true");
  });

  it("opens the settings as a menu its button controls, with the settings panel in it", () => {
    const closed = renderBar();
    const button = closed.screen.getByRole("button", { name: playerStrings.settings });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    click(button);
    expect(closed.calls.onToggleMenu).toHaveBeenCalledWith("settings");
    const { screen, calls } = renderBar({ openMenu: "settings" });
    const opened = screen.getByRole("button", { name: playerStrings.settings });
    expect(opened.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("group", { name: playerStrings.settings });
    expect(menu.id).toBe(opened.getAttribute("aria-controls"));
    click(screen.getByRole("radio", { name: "720p" }));
    expect(calls.onQuality).toHaveBeenCalledWith("720");
    click(screen.getByRole("button", { name: playerStrings.close }));
    expect(calls.onCloseMenu).toHaveBeenCalledTimes(1);
  });

  it("puts what does not fit in «Ещё»; the shortcuts there close the menu and open their help", () => {
    const closed = renderBar({ layout: NARROW });
    expect(closed.screen.queryByRole("button", { name: playerStrings.nextEpisode })).toBeNull();
    click(closed.screen.getByRole("button", { name: playerStrings.more }));
    expect(closed.calls.onToggleMenu).toHaveBeenCalledWith("more");
    const { screen, calls } = renderBar({ layout: NARROW, openMenu: "more" });
    const menu = screen.getByRole("group", { name: playerStrings.more });
    expect(menu.querySelectorAll("li")).toHaveLength(NARROW.overflow.length);
    expect(screen.getByRole("slider", { name: playerStrings.volume })).toBeTruthy();
    click(screen.getByRole("button", { name: playerStrings.shortcuts }));
    expect(calls.onCloseMenu).toHaveBeenCalledTimes(1);
    expect(calls.onShowHelp).toHaveBeenCalledTimes(1);
    click(screen.getByRole("button", { name: playerStrings.nextEpisode }));
    expect(calls.onNext).toHaveBeenCalledTimes(1);
    expect(calls.onCloseMenu).toHaveBeenCalledTimes(1);
  });

  it("has no «Ещё» when everything fits, and no fullscreen button where fullscreen is not supported", () => {
    const { screen, calls } = renderBar();
    expect(screen.queryByRole("button", { name: playerStrings.more })).toBeNull();
    click(screen.getByRole("button", { name: playerStrings.fullscreen }));
    expect(calls.toggleFullscreen).toHaveBeenCalledTimes(1);
    expect(renderBar({ fullscreenSupported: false }).screen.queryByRole("button", { name: playerStrings.fullscreen })).toBeNull();
  });
});
