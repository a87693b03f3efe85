// The root loader's data (docs/product.md#states, root data): profile and location now, account extras streamed later.
import type { AccountExtras, Location, Profile } from "~/domain/account";
import { getCollectionIds, getFavoriteIds } from "./api/lists";
import { getLocation, getProfile } from "./api/profile";
import { apiContext, sharedContext, type ApiContext } from "./api/context";
import { UpstreamForbiddenError, UpstreamUnauthorizedError } from "./api/errors";
import { resolveUpstream, upstreamKey, type UpstreamTarget } from "./api/transport";
import { createReferenceCache } from "./reference-cache.server";
import { logWarn } from "./log.server";
import { optionalData } from "./optional-data.server";
import { destroySession } from "./session.server";

/** The visitor's location without the address: pages are shared between visitors (server/page-cache.ts). */
export type VisitorLocation = Omit<Location, "ip">;

export type RootData = {
  profile: Profile | null;
  location: VisitorLocation | null;
  /** Not awaited: single fetch streams it after the shell; resolves null on any failure, never rejects. */
  accountExtras: Promise<AccountExtras | null>;
  /** Set-Cookie to send when the session turned out to be dead (401/403 on the profile); null otherwise. */
  setCookie: string | null;
  headers: Headers;
};

/**
 * What every signed-in page's list controls read. Not the account's timecodes: they grow with everything the viewer
 * ever watched (2,000 episodes: 100 KB of JSON in every page), and the pages that show progress ask for what they
 * show (decision 0297).
 */
async function loadAccountExtras(context: ApiContext): Promise<AccountExtras | null> {
  try {
    const [favoriteIds, collections] = await Promise.all([getFavoriteIds(context), getCollectionIds(context)]);
    return { favoriteIds, collections };
  } catch (error) {
    // A dead session: the profile's answer says so, and the extras are dropped.
    if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamForbiddenError) return null;
    logWarn("root data: account extras unavailable", { error });
    return null;
  }
}

async function loadProfile(context: ApiContext): Promise<{ profile: Profile | null; sessionDead: boolean }> {
  try {
    return { profile: await getProfile(context), sessionDead: false };
  } catch (error) {
    // A token that gets 401 (live server) or 403 (embedded API) on the profile is no longer valid.
    if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamForbiddenError) return { profile: null, sessionDead: true };
    logWarn("root data: profile unavailable", { error });
    return { profile: null, sessionDead: false };
  }
}

const LOCATION_TTL_MS = 10 * 60 * 1000;
const LOCATION_CACHE_ENTRIES = 10_000;
const locationsByAddress = createReferenceCache(LOCATION_TTL_MS, Date.now, LOCATION_CACHE_ENTRIES);

const locationKey = (upstream: UpstreamTarget, address: string | null) => `${upstreamKey(upstream)}|${address ?? ""}`;

/** An address's location changes rarely: it is asked once per ten minutes, not on every page. */
export function visitorLocation(context: ApiContext): Promise<VisitorLocation | null> {
  return optionalData("location", () =>
    locationsByAddress.get(locationKey(context.upstream, context.forwardedFor), async () => {
      const { ip: _ip, ...location } = await getLocation({ ...sharedContext(context), forwardedFor: context.forwardedFor });
      return location;
    }),
  );
}

/** The location already known for an address, without asking; undefined when it is not known (yet). */
export function knownVisitorLocation(request: Request, address: string | null): VisitorLocation | undefined {
  return locationsByAddress.peek<VisitorLocation>(locationKey(resolveUpstream(request), address))?.value;
}

export async function loadRootData(request: Request, options: { context?: ApiContext } = {}): Promise<RootData> {
  const context = options.context ?? apiContext(request, { timeout: "optional" });
  const signedIn = context.token !== null;
  // Asked with the profile, not after it (decision 0254): they are dropped if the profile finds the session dead.
  const extras = signedIn ? loadAccountExtras(context) : Promise.resolve(null);
  const [{ profile, sessionDead }, location] = await Promise.all([
    signedIn ? loadProfile(context) : Promise.resolve({ profile: null, sessionDead: false }),
    visitorLocation(context),
  ]);
  const setCookie = sessionDead ? destroySession() : null;
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // Extras only make sense for a live session; they do not hold up the first byte.
  const accountExtras = profile ? extras : Promise.resolve(null);
  return { profile, location, accountExtras, setCookie, headers };
}
