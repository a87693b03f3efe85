// The addresses of the site's pages about releases, episodes, genres and franchises: every link, redirect,
// sitemap entry and canonical URL is built here. (Sign-in and settings addresses: auth-paths.ts, settings-paths.ts.)

/** "Вышли новые серии": the signed-in viewer's releases with unwatched new episodes. */
export const NEW_EPISODES_PATH = "/me/new-episodes/";

export function releasePath(alias: string): string {
  return `/anime/releases/release/${encodeURIComponent(alias)}`;
}

/** A page of the release's episodes tab in watching order (the first page is the release's own address). */
export function releaseEpisodesPagePath(alias: string, page: number): string {
  return page <= 1 ? releasePath(alias) : `${releasePath(alias)}/episodes?page=${page}`;
}

/** The episode after this one in its release: the server looks it up and sends the player there. */
export function episodeAfterPath(episodeId: string): string {
  return `/anime/video/episode/${encodeURIComponent(episodeId)}/next`;
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

/** The player's "save for offline" control: the anchor the episode list links to, which opens it. */
export const SAVE_OFFLINE_ANCHOR = "offline-save";

export function saveOfflinePath(episodeId: string): string {
  return `${episodePath(episodeId)}#${SAVE_OFFLINE_ANCHOR}`;
}

/** Episodes saved in this browser for watching without a network (docs/decisions/0200). */
export function downloadsPath(): string {
  return "/me/downloads";
}

/** The weekly schedule as an iCalendar feed; with `ids`, only those releases (a viewer's favorites). */
export function scheduleCalendarPath(ids?: readonly number[]): string {
  return ids ? `/anime/schedule.ics?ids=${ids.join(",")}` : "/anime/schedule.ics";
}

/** One release's weekly episodes as an iCalendar feed. */
export function releaseCalendarPath(alias: string): string {
  return `${releasePath(alias)}/schedule.ics`;
}
