import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage";
import { playerCareCookie, withCareChange, withPlayerCareCookie } from "./player-care";
import { DEFAULT_SETTINGS, loadSettings, parseSettings, saveSettings, SETTINGS_STORAGE_KEY } from "./settings";

describe("player settings", () => {
  it("fall back to the defaults for nothing or garbage", () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("not an object")).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings([1, 2])).toEqual(DEFAULT_SETTINGS);
  });

  it("keep valid values and replace invalid ones one by one", () => {
    const settings = parseSettings({
      quality: "1080",
      playbackRate: 3,
      volume: 7,
      muted: "yes",
      autoSkipOpening: true,
      autoNextCountdown: 5,
      theatre: true,
    });
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      quality: "1080",
      volume: 1,
      autoSkipOpening: true,
      autoNextCountdown: 5,
      theatre: true,
    });
    expect(parseSettings({ volume: -2, quality: "4k" })).toMatchObject({ volume: 0, quality: "auto" });
    expect(parseSettings({ stillWatchingCheck: false, stillWatchingEpisodes: 2, stillWatchingMinutes: 7 })).toMatchObject({
      stillWatchingCheck: false,
      stillWatchingEpisodes: 2,
      stillWatchingMinutes: 90,
    });
  });

  it("round-trip through storage", () => {
    const storage = memoryStorage();
    const changed = { ...DEFAULT_SETTINGS, playbackRate: 1.5, autoNext: false, autoSkipEnding: true };
    saveSettings(changed, storage);
    expect(storage.values.has(SETTINGS_STORAGE_KEY)).toBe(true);
    expect(loadSettings(storage)).toEqual(changed);
  });

  it("survive a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => undefined,
    };
    expect(loadSettings(broken)).toEqual(DEFAULT_SETTINGS);
    expect(() => saveSettings(DEFAULT_SETTINGS, broken)).not.toThrow();
  });

  it("take auto-next and «Вы ещё смотрите?» from the settings page's cookie when it was saved later", () => {
    const storage = memoryStorage();
    const here = withCareChange(DEFAULT_SETTINGS, { stillWatchingEpisodes: 5, quality: "720" }, 1_000);
    saveSettings(here, storage);
    const care = { autoNext: false, stillWatchingCheck: false, stillWatchingEpisodes: 2, stillWatchingMinutes: 60 };
    const cookieHeader = (savedAt: number) => playerCareCookie({ ...care, savedAt }).split(";")[0]!;
    expect(withPlayerCareCookie(loadSettings(storage), cookieHeader(2_000))).toEqual({ ...here, ...care, careSavedAt: 2_000 });
    expect(withPlayerCareCookie(loadSettings(storage), cookieHeader(500))).toEqual(here);
    expect(withPlayerCareCookie(loadSettings(storage), "player_care=%7Bnot%20json")).toEqual(here);
    // A damaged field in the cookie falls back to the default, as in storage.
    expect(withPlayerCareCookie(loadSettings(storage), cookieHeader(2_000).replace("60", "61")).stillWatchingMinutes).toBe(90);
  });

  it("date a change of auto-next or «Вы ещё смотрите?», not of anything else", () => {
    expect(withCareChange(DEFAULT_SETTINGS, { autoNext: false }, 7).careSavedAt).toBe(7);
    expect(withCareChange(DEFAULT_SETTINGS, { volume: 0.5 }, 7).careSavedAt).toBe(0);
  });
});
