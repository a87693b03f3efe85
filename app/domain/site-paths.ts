// The addresses of the site's pages about releases, episodes, genres and franchises: every link, redirect,
// sitemap entry and canonical URL is built here. (Sign-in and settings addresses: auth-paths.ts, settings-paths.ts.)

/** "Вышли новые серии": the signed-in viewer's releases with unwatched new episodes. */
export const NEW_EPISODES_PATH = "/me/new-episodes/";

export function releasePath(alias: string): string {
  return `/anime/releases/release/${encodeURIComponent(alias)}`;
}

export function episodePath(episodeId: string): string {
  return `/anime/video/episode/${encodeURIComponent(episodeId)}`;
}

export function queuePath(episodeId: string): string {
  return `/anime/video/queue/${encodeURIComponent(episodeId)}`;
}

export function masterPlaylistPath(episodeId: string): string {
  return `${episodePath(episodeId)}/master.m3u8`;
}

export function genreReleasesPath(genreId: number): string {
  return `/anime/genres/releasesOfGenre/${genreId}`;
}

export function franchisePath(franchiseId: string): string {
  return `/anime/franchises/${encodeURIComponent(franchiseId)}`;
}

/** The weekly schedule as an iCalendar feed; with `ids`, only those releases (a viewer's favorites). */
export function scheduleCalendarPath(ids?: readonly number[]): string {
  return ids ? `/anime/schedule.ics?ids=${ids.join(",")}` : "/anime/schedule.ics";
}

/** One release's weekly episodes as an iCalendar feed. */
export function releaseCalendarPath(alias: string): string {
  return `${releasePath(alias)}/schedule.ics`;
}
