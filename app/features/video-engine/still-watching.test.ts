import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage";
import { presenceAfterEpisode, presenceAfterInput, shouldAskStillWatching } from "./still-watching";
import { readPresence, writePresence, STILL_WATCHING_STORAGE_KEY } from "~/features/player/still-watching-presence";

const settings = { stillWatchingCheck: true, stillWatchingEpisodes: 3, stillWatchingMinutes: 90 };
const minute = 60_000;

describe("still watching", () => {
  it("asks after the third episode in a row without input, not before", () => {
    let presence = presenceAfterInput(0);
    presence = presenceAfterEpisode(presence);
    presence = presenceAfterEpisode(presence);
    expect(shouldAskStillWatching(presence, settings, 50 * minute)).toBe(false);
    presence = presenceAfterEpisode(presence);
    expect(shouldAskStillWatching(presence, settings, 75 * minute)).toBe(true);
  });

  it("asks after 90 minutes without input, whatever the episodes", () => {
    const presence = presenceAfterEpisode(presenceAfterInput(0));
    expect(shouldAskStillWatching(presence, settings, 89 * minute)).toBe(false);
    expect(shouldAskStillWatching(presence, settings, 90 * minute)).toBe(true);
  });

  it("starts again from any input, and never asks when turned off", () => {
    const long = { episodesWithoutInput: 9, lastInputAt: 0 };
    expect(shouldAskStillWatching(presenceAfterInput(500 * minute), settings, 500 * minute)).toBe(false);
    expect(shouldAskStillWatching(long, { ...settings, stillWatchingCheck: false }, 500 * minute)).toBe(false);
  });

  it("reads a damaged record as a fresh start", () => {
    const storage = memoryStorage();
    storage.setItem(STILL_WATCHING_STORAGE_KEY, JSON.stringify({ episodesWithoutInput: "many" }));
    expect(readPresence(storage, 42)).toEqual({ episodesWithoutInput: 0, lastInputAt: 42 });
    writePresence(storage, { episodesWithoutInput: 2, lastInputAt: 7 });
    expect(readPresence(storage, 42)).toEqual({ episodesWithoutInput: 2, lastInputAt: 7 });
  });
});
