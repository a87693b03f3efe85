// One API handle per incoming request (docs/decisions/0175): the session cookie decrypted at most once, the
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
    latest: releases.getLatestReleases,
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

/**
 * The calls of one context. A request uses two or three of the domains, so each domain's functions are bound to the
 * context when first read (a getter on the prototype that leaves the bound functions on the instance).
 */
class ContextCalls {
  constructor(readonly context: ApiContext) {}
}
for (const name of Object.keys(DOMAINS) as (keyof Domains)[]) {
  Object.defineProperty(ContextCalls.prototype, name, {
    get(this: ContextCalls) {
      const bound = bind(this.context, DOMAINS[name]);
      Object.defineProperty(this, name, { value: bound, enumerable: true });
      return bound;
    },
  });
}

export type ApiHandle = ApiCalls & {
  /** The signed-in user, or null for a visitor; the cookie is decrypted on first read only. */
  readonly user: SessionUser | null;
  readonly signedIn: boolean;
  /** Visitors are sent to the login page and come back here afterwards. */
  requireUser(): SessionUser;
  /** The same calls within the 2-second budget of data a page can do without. */
  readonly optional: ApiCalls;
  /** Calls made with `token` instead of the session's (right after login, before the cookie exists). */
  withToken(token: string | null): ApiCalls;
};

/** The calls of a context built by hand (tests that drive feature code against a real upstream). */
export function callsOf(context: ApiContext): ApiCalls {
  return new ContextCalls(context) as unknown as ApiCalls;
}

class RequestCalls extends ContextCalls {
  #optional: ApiCalls | undefined;
  constructor(
    private readonly request: Request,
    private readonly session: () => SessionUser | null,
  ) {
    super(apiContext(request, { session }));
  }
  get user() {
    return this.session();
  }
  get signedIn() {
    return this.session() !== null;
  }
  get optional() {
    this.#optional ??= callsOf(apiContext(this.request, { session: this.session, timeout: "optional" }));
    return this.#optional;
  }
  // Own functions, not methods: callers may take them off the handle.
  requireUser = (): SessionUser => {
    const user = this.session();
    if (!user) throw redirect(loginRedirectUrl(this.request));
    return user;
  };
  withToken = (token: string | null): ApiCalls => callsOf(apiContext(this.request, { session: this.session, token }));
}

export function createApiHandle(request: Request): ApiHandle {
  return new RequestCalls(request, sessionOnce(request)) as unknown as ApiHandle;
}

const handles = new WeakMap<object, ApiHandle>();

/**
 * The request's handle. Remix gives every loader and action of one request the same load context but a
 * request object of its own (query parameters stripped), so the handle is kept per load context.
 */
export function requestApi({ request, context }: { request: Request; context?: unknown }): ApiHandle {
  const key = context !== null && typeof context === "object" ? context : request;
  let handle = handles.get(key);
  if (!handle) {
    handle = createApiHandle(request);
    handles.set(key, handle);
  }
  return handle;
}

/** What loaders and actions pass on to the feature code that calls the API. */
export type RequestArgs = { request: Request; context?: unknown };
