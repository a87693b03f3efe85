// One API handle per incoming request (docs/decisions/0175, 0260): the session cookie decrypted at most once, the
// call contexts built once, and the client's functions grouped by domain with the context already applied.
import { redirect } from "@remix-run/node";
import { loginRedirectUrl, type SessionUser } from "../session.server";
import * as auth from "./auth";
import * as catalog from "./catalog";
import { apiContext, sessionOnce, type ApiContext } from "./context";
import * as franchises from "./franchises";
import * as genres from "./genres";
import * as lists from "./lists";
import * as media from "./media";
import * as notifications from "./notifications";
import * as polls from "./polls";
import * as profile from "./profile";
import * as releases from "./releases";
import { getReleaseIndex } from "./release-index";
import { RequestReads } from "./request-reads";
import * as schedule from "./schedule";
import * as sessions from "./sessions";
import * as socialLinks from "./social-links";
import * as teams from "./teams";
import * as torrents from "./torrents";
import * as views from "./views";

type ContextFunction = (context: ApiContext, ...args: never[]) => unknown;
type Bound<Functions extends Record<string, ContextFunction>> = {
  [Name in keyof Functions]: Functions[Name] extends (context: ApiContext, ...args: infer Args) => infer Result
    ? (...args: Args) => Result
    : never;
};

function bind<Functions extends Record<string, ContextFunction>>(context: ApiContext, functions: Functions): Bound<Functions> {
  const bound: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(functions)) {
    bound[name] = (...args: never[]) => call(context, ...args);
  }
  return bound as Bound<Functions>;
}

/** The client's functions by domain; each takes the call context first. */
const DOMAINS = {
  auth: {
    login: auth.login,
    logout: auth.logout,
    register: auth.register,
    verifyRegistration: auth.verifyRegistration,
    forgetPassword: auth.forgetPassword,
    resetPassword: auth.resetPassword,
    socialLogin: auth.getSocialLogin,
    authenticateSocial: auth.authenticateSocial,
    acceptOtp: auth.acceptOtp,
  },
  profile: {
    get: profile.getProfile,
    location: profile.getLocation,
    changeNickname: profile.changeNickname,
    changeEmail: profile.changeEmail,
    changePassword: profile.changePassword,
    uploadAvatar: profile.uploadAvatar,
    removeAvatar: profile.removeAvatar,
  },
  lists: {
    favoriteIds: lists.getFavoriteIds,
    favorites: lists.getFavoriteReleases,
    addFavorites: lists.addFavorites,
    removeFavorites: lists.removeFavorites,
    collectionIds: lists.getCollectionIds,
    collection: lists.getCollectionReleases,
    addToCollection: lists.addToCollection,
    removeFromCollection: lists.removeFromCollection,
    references: lists.getAccountListReferences,
  },
  timecodes: { get: views.getTimecodes, ofRelease: views.getReleaseTimecodes, save: views.saveTimecodes, history: views.getViewHistory },
  sessions: {
    list: sessions.getAccountSessions,
    end: sessions.endAccountSession,
    endOthers: sessions.endOtherAccountSessions,
  },
  notifications: { get: notifications.getNotificationSettings, save: notifications.saveNotificationSettings },
  socialLinks: {
    list: socialLinks.getSocialLinks,
    start: socialLinks.startSocialLink,
    complete: socialLinks.completeSocialLink,
    unlink: socialLinks.unlinkSocial,
  },
  catalog: {
    releases: catalog.getCatalogReleases,
    releaseCards: catalog.getCatalogReleaseCards,
    references: catalog.getCatalogReferences,
  },
  releases: {
    latestCards: releases.getLatestReleaseCards,
    recommended: releases.getRecommendedReleases,
    get: releases.getRelease,
    members: releases.getReleaseMembers,
    episode: releases.getEpisode,
    byIds: releases.getReleasesByIds,
    index: getReleaseIndex,
  },
  franchises: { list: franchises.getFranchises, get: franchises.getFranchise, ofRelease: franchises.getReleaseFranchises },
  genres: { list: genres.getGenres, get: genres.getGenre, releases: genres.getGenreReleases },
  media: { videos: media.getVideos, promotions: media.getPromotions, vastCampaigns: media.getVastCampaigns },
  polls: { current: polls.getCurrentPoll, vote: polls.votePoll },
  schedule: { now: schedule.getScheduleNow, week: schedule.getScheduleWeek },
  teams: { list: teams.getTeams, users: teams.getTeamUsers },
  torrents: { list: torrents.getTorrents, ofRelease: torrents.getReleaseTorrents, fileUrl: torrents.torrentFileUrl },
} satisfies Record<string, Record<string, ContextFunction>>;

type Domains = typeof DOMAINS;
export type ApiCalls = { readonly [Name in keyof Domains]: Bound<Domains[Name]> } & { readonly context: ApiContext };

/** The calls of one context: every domain's functions with the context applied. */
export function callsOf(context: ApiContext): ApiCalls {
  return {
    context,
    auth: bind(context, DOMAINS.auth),
    profile: bind(context, DOMAINS.profile),
    lists: bind(context, DOMAINS.lists),
    timecodes: bind(context, DOMAINS.timecodes),
    sessions: bind(context, DOMAINS.sessions),
    notifications: bind(context, DOMAINS.notifications),
    socialLinks: bind(context, DOMAINS.socialLinks),
    catalog: bind(context, DOMAINS.catalog),
    releases: bind(context, DOMAINS.releases),
    franchises: bind(context, DOMAINS.franchises),
    genres: bind(context, DOMAINS.genres),
    media: bind(context, DOMAINS.media),
    polls: bind(context, DOMAINS.polls),
    schedule: bind(context, DOMAINS.schedule),
    teams: bind(context, DOMAINS.teams),
    torrents: bind(context, DOMAINS.torrents),
  };
}

export type ApiHandle = ApiCalls & {
  /** The signed-in user, or null for a visitor; the cookie is decrypted on first read only. */
  readonly user: SessionUser | null;
  readonly signedIn: boolean;
  /**
   * Visitors are sent to the login page and come back to `request`, the loader's or action's own: the request the
   * handle was made for may be the page's data request, an address no one should be sent back to.
   */
  requireUser(request: Request): SessionUser;
  /** The same calls within the 2-second budget of data a page can do without. */
  readonly optional: ApiCalls;
  /** Calls made with `token` instead of the session's (right after login, before the cookie exists). */
  withToken(token: string | null): ApiCalls;
};

/**
 * The request's handle, built once per request with its load context (`app/.server/load-context.server.ts`), which
 * Remix gives every loader and action of the request. Its functions may be taken off it.
 */
export function createApiHandle(request: Request): ApiHandle {
  const session = sessionOnce(request);
  const reads = new RequestReads();
  let optional: ApiCalls | undefined;
  return {
    ...callsOf(apiContext(request, { session, reads })),
    get user() {
      return session();
    },
    get signedIn() {
      return session() !== null;
    },
    get optional() {
      optional ??= callsOf(apiContext(request, { session, reads, timeout: "optional" }));
      return optional;
    },
    requireUser: (pageRequest) => {
      const user = session();
      if (!user) throw redirect(loginRedirectUrl(pageRequest));
      return user;
    },
    withToken: (token) => callsOf(apiContext(request, { session, reads, token })),
  };
}
