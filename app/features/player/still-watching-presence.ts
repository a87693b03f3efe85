// The tab's record for «Вы ещё смотрите?» in sessionStorage, parsed as any input is; loaded with the first input or
// the first episode's end, not with the player.
import { z } from "zod";
import { readJson, writeJson, type KeyValueStorage } from "~/features/progress/browser-storage";
import {
  presenceAfterEpisode,
  presenceAfterInput,
  shouldAskStillWatching,
  type Presence,
  type StillWatchingSettings,
} from "~/features/video-engine/still-watching";

export const STILL_WATCHING_STORAGE_KEY = "player:still-watching:v1";

const PresenceSchema = z.object({ episodesWithoutInput: z.number().int().min(0).max(1000), lastInputAt: z.number().finite() });

function tabStorage(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A tab without a record (or with a damaged one) counts from now. */
export function readPresence(storage: KeyValueStorage | null, now: number): Presence {
  const parsed = PresenceSchema.safeParse(readJson(storage, STILL_WATCHING_STORAGE_KEY));
  return parsed.success ? parsed.data : presenceAfterInput(now);
}

export function writePresence(storage: KeyValueStorage | null, presence: Presence): void {
  writeJson(storage, STILL_WATCHING_STORAGE_KEY, presence);
}

export function recordInput(now: number): void {
  writePresence(tabStorage(), presenceAfterInput(now));
}

/** Counts the episode that ended, and says whether to ask before the next. */
export function recordEpisodeEnd(settings: StillWatchingSettings, now: number): boolean {
  const presence = presenceAfterEpisode(readPresence(tabStorage(), now));
  writePresence(tabStorage(), presence);
  return shouldAskStillWatching(presence, settings, now);
}
