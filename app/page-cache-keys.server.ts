// What the shared page cache (server/page-cache.ts) keys a copy on besides the path and the variant: the query
// parameters each route reads and the cookies a public page reads (decision 0247). Whatever else a client puts
// in the address or the Cookie header makes no copy of its own, so it cannot fill the cache.
//
// Only the routes in the table are cached: one missing may read parameters or cookies nobody listed. A route that
// starts reading a parameter (or a public page a cookie) must list it here, or the cache would serve its page for
// the address without it.
import { RANGE_START_PARAM } from "~/shared/paging/page-range";
import { LOW_DATA_COOKIE } from "~/domain/low-data";
import { THEME_COOKIE, VIEWPORT_COOKIE } from "~/domain/preferences";
import { MOMENT_PARAMETER } from "~/features/player/moment-parameter";
import { AGE_CONFIRMED_COOKIE } from "~/features/release/age-confirmation";
import { TIME_ZONE_COOKIE } from "~/features/schedule/schedule-week";
import { SOCIAL_BINDING_COOKIE } from "~/.server/security/social-state-binding.server";
import { visitorCookieName } from "~/.server/notifications/bell-owner.server";
import { sessionCookieName } from "~/.server/session.server";
import { TOAST_COOKIE } from "~/.server/toast.server";
import { SOCIAL_LINK_COOKIE } from "~/features/settings/social-link.server";
import { SOCIAL_LOGIN_COOKIE } from "~/features/auth/social-login.server";

/** The parameters a route reads, or "any" for the API proxy, whose upstream reads whatever it is sent. */
export type RouteQueryParameters = readonly string[] | "any";

const PAGED_LIST = ["page", RANGE_START_PARAM] as const;
/** A list shown whole reads `?page` only to answer 404 past its one page (decision 0282). */
const SINGLE_PAGE_LIST = ["page"] as const;
const CATALOG_FILTERS = [
  "types",
  "genres",
  "seasons",
  "ageRatings",
  "publishStatuses",
  "productionStatuses",
  "yearFrom",
  "yearTo",
  "search",
  "sorting",
] as const;
const EPISODES_TAB = ["view", "sort", "page"] as const;

/** By route id; a parent route's own parameters count for every page below it. */
export const pageCacheQueryParameters: Readonly<Record<string, RouteQueryParameters>> = {
  root: [],
  "routes/_app": [],
  "routes/_clean": [],
  "routes/_video": [],
  "routes/$": [],
  "routes/_app._index": [],
  "routes/_app.anime.catalog._index": [...CATALOG_FILTERS, ...PAGED_LIST],
  "routes/_app.anime.franchises._index": SINGLE_PAGE_LIST,
  "routes/_app.anime.franchises.$franchiseId": SINGLE_PAGE_LIST,
  "routes/_app.anime.genres._index": SINGLE_PAGE_LIST,
  "routes/_app.anime.genres.releasesOfGenre.$genreId": PAGED_LIST,
  "routes/_app.anime.releases.latest": PAGED_LIST,
  "routes/_app.anime.releases.release.$alias": [],
  "routes/_app.anime.releases.release.$alias._index": EPISODES_TAB,
  "routes/_app.anime.releases.release.$alias.episodes": EPISODES_TAB,
  "routes/_app.anime.releases.release.$alias.franchises": [],
  "routes/_app.anime.releases.release.$alias.members": [],
  "routes/_app.anime.releases.release.$alias.torrents": ["quality"],
  "routes/_app.anime.schedule": ["day", "view", "q", "only"],
  "routes/_app.anime.torrents": PAGED_LIST,
  "routes/_app.media.videos.latest": SINGLE_PAGE_LIST,
  "routes/_app.teams": [],
  "routes/_app.rules": [],
  "routes/_app.support": [],
  "routes/_clean.app.sitemap": PAGED_LIST,
  "routes/_clean.offline": [],
  // A link to a moment starts the episode there, early start included (decision 0285).
  "routes/_video.anime.video.episode.$releaseEpisodeId": [MOMENT_PARAMETER],
  "routes/_video.anime.video.queue.$releaseEpisodeId": [MOMENT_PARAMETER],
  "routes/anime.schedule[.]ics": ["ids", "tz"],
  "routes/anime.releases.release.$alias.schedule[.]ics": ["ids", "tz"],
  "routes/anime.video.episode.$releaseEpisodeId.master[.]m3u8": ["mirror"],
  "routes/ads.pre-roll": [],
  "routes/sitemap[.]xml": [],
  "routes/sitemaps.$file": PAGED_LIST,
  "routes/robots[.]txt": [],
  "routes/manifest[.]webmanifest": [],
  "routes/api.v1.$": "any",
};

/**
 * Cookies a public page reads: each value is part of the key (the viewport, the theme, the age check, the zone, the
 * low-data switch).
 */
const KEYED_COOKIES = [THEME_COOKIE, VIEWPORT_COOKIE, AGE_CONFIRMED_COOKIE, TIME_ZONE_COOKIE, LOW_DATA_COOKIE];

/**
 * Cookies that make the answer this browser's own (a session, a one-time message, a sign-in in progress, a
 * visitor's bells): no shared copy.
 */
function personalCookies(): string[] {
  return [sessionCookieName(), TOAST_COOKIE, SOCIAL_LOGIN_COOKIE, SOCIAL_LINK_COOKIE, SOCIAL_BINDING_COOKIE, visitorCookieName()];
}

export function pageCacheCookies(): { keyed: readonly string[]; personal: readonly string[] } {
  return { keyed: KEYED_COOKIES, personal: personalCookies() };
}
