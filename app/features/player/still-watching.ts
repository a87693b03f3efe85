// «Вы ещё смотрите?»: after so many episodes or minutes with no input from the viewer (a pointer, a key, a touch),
// the next episode waits for an answer instead of starting on its own (decision 0285). Kept per tab, in sessionStorage.
import { z } from "zod";
import { readJson, writeJson, type KeyValueStorage } from "~/features/progress/browser-storage";

export const STILL_WATCHING_EPISODES = [2, 3, 4, 5, 6] as const;
export const STILL_WATCHING_MINUTES = [30, 60, 90, 120, 180] as const;
export const STILL_WATCHING_STORAGE_KEY = "player:still-watching:v1";

export type StillWatchingSettings = { stillWatchingCheck: boolean; stillWatchingEpisodes: number; stillWatchingMinutes: number };

/** Episodes ended since the viewer last gave any input, and when that input was. */
const PresenceSchema = z.object({ episodesWithoutInput: z.number().int().min(0).max(1000), lastInputAt: z.number().finite() });
export type Presence = z.infer<typeof PresenceSchema>;

export function presenceAfterInput(now: number): Presence {
  return { episodesWithoutInput: 0, lastInputAt: now };
}

export function presenceAfterEpisode(presence: Presence): Presence {
  return { ...presence, episodesWithoutInput: Math.min(1000, presence.episodesWithoutInput + 1) };
}

/** Whether to ask before the next episode, once this one has ended (`presence` counts it already). */
export function shouldAskStillWatching(presence: Presence, settings: StillWatchingSettings, now: number): boolean {
  if (!settings.stillWatchingCheck) return false;
  return (
    presence.episodesWithoutInput >= settings.stillWatchingEpisodes || now - presence.lastInputAt >= settings.stillWatchingMinutes * 60_000
  );
}

/** A tab without a record (or with a damaged one) counts from now. */
export function readPresence(storage: KeyValueStorage | null, now: number): Presence {
  const parsed = PresenceSchema.safeParse(readJson(storage, STILL_WATCHING_STORAGE_KEY));
  return parsed.success ? parsed.data : presenceAfterInput(now);
}

export function writePresence(storage: KeyValueStorage | null, presence: Presence): void {
  writeJson(storage, STILL_WATCHING_STORAGE_KEY, presence);
}
