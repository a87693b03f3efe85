// «Вы ещё смотрите?»: after so many episodes or minutes with no input from the viewer (a pointer, a key, a touch),
// the next episode waits for an answer instead of starting on its own (decision 0285). The rule; the tab's record of it is in still-watching-presence.ts.

export const STILL_WATCHING_EPISODES = [2, 3, 4, 5, 6] as const;
export const STILL_WATCHING_MINUTES = [30, 60, 90, 120, 180] as const;

export type StillWatchingSettings = { stillWatchingCheck: boolean; stillWatchingEpisodes: number; stillWatchingMinutes: number };

/** Episodes ended since the viewer last gave any input, and when that input was. */
export type Presence = { episodesWithoutInput: number; lastInputAt: number };

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
