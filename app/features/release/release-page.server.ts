// Loads the release page: the release by alias (shared with the tab loaders of the same request), its side blocks and the user's list state.
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { UpstreamNotFoundError } from "~/.server/api/errors";
import { requestApi, type ApiHandle, type RequestArgs } from "~/.server/api/handle";
import { logWarn } from "~/.server/log.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { collectionOf } from "~/domain/account";
import type { Release } from "~/domain/release";
import { knownCollectionType } from "~/features/lists/list-changes";
import { needsAgeConfirmation } from "./age-confirmation";
import { confirmAgeAndGoBack, isSamePage } from "./age-confirmation.server";
import { latestScheduled } from "./latest-scheduled";
import { inlineJson } from "~/components/inline-json";
import { releaseJsonLd } from "./release-json-ld";
import { releasePath } from "~/domain/site-paths";
import type { ReleasePageData } from "./release-page-data";
import { EPISODES_PER_PAGE, episodeRefOf } from "./episode-pages";
import { resumeTarget } from "./resume-target";
import { sortEpisodes } from "./episodes-view";
import { toSideRelease, toSideScheduleEntry } from "./side-releases";

/** Aliases are slugs; anything else cannot be a release and is a 404 without asking the upstream. */
export const ReleaseParamsSchema = z.object({
  alias: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\p{L}\p{N}._~-]+$/u),
});

// The page and its tab run their loaders in parallel for the same request: one upstream call serves both. Kept per
// API handle (one per request); each loader gets a request object of its own.
const releasesOfRequest = new WeakMap<ApiHandle, Promise<Release>>();

type ReleaseArgs = RequestArgs & { params: Record<string, string | undefined> };

export async function loadRelease(args: ReleaseArgs): Promise<Release> {
  const { request, params } = args;
  const api = requestApi(args);
  const parsed = ReleaseParamsSchema.safeParse(params);
  if (!parsed.success) throwPageNotFound(request);
  let pending = releasesOfRequest.get(api);
  if (!pending) {
    pending = api.releases.get(parsed.data.alias);
    releasesOfRequest.set(api, pending);
  }
  try {
    return await pending;
  } catch (error) {
    if (error instanceof UpstreamNotFoundError) throwPageNotFound(request);
    throwRouteError(error, request);
  }
}

async function optional<Value>(what: string, load: () => Promise<Value>, fallback: Value): Promise<Value> {
  try {
    return await load();
  } catch (error) {
    logWarn(`release page: ${what} unavailable`, { error });
    return fallback;
  }
}

export async function loadReleasePage(args: ReleaseArgs): Promise<ReleasePageData> {
  const { request, params } = args;
  const release = await loadRelease(args);
  // Opened by numeric id (or an old spelling): the alias address is the one to keep.
  if (params.alias !== release.alias) {
    const url = new URL(request.url);
    const rest = url.pathname.replace(/^\/anime\/releases\/release\/[^/]+/, "");
    throw redirect(safeRedirectPath(`${releasePath(release.alias)}${rest}${url.search}`), 301);
  }
  const api = requestApi(args);
  const optionalCalls = api.optional;
  const signedIn = api.signedIn;
  const episodeIds = new Set(release.episodes.map((episode) => episode.id));
  const [recommended, latestInSchedule, lists, timecodes] = await Promise.all([
    optional("recommended releases", async () => (await optionalCalls.releases.recommended(release.id, 6)).map(toSideRelease), []),
    optional("schedule", async () => latestScheduled(await optionalCalls.schedule.now(), release.id).map(toSideScheduleEntry), []),
    signedIn
      ? optional(
          "list state",
          async () => {
            const [favoriteIds, collections] = await Promise.all([optionalCalls.lists.favoriteIds(), optionalCalls.lists.collectionIds()]);
            return { isFavorite: favoriteIds.includes(release.id), collection: knownCollectionType(collectionOf(collections, release.id)) };
          },
          { isFavorite: false, collection: null },
        )
      : Promise.resolve(null),
    // The server knows a signed-in user's progress, so "Смотреть" and the episode marks work without JavaScript.
    signedIn
      ? optional(
          "timecodes",
          async () => (await optionalCalls.timecodes.get()).filter((entry) => episodeIds.has(entry.releaseEpisodeId)),
          null,
        )
      : Promise.resolve(null),
  ]);
  const { episodes, ...summary } = release;
  const order = sortEpisodes(episodes, "asc").map(episodeRefOf);
  const accountProgress = new Map(
    (timecodes ?? []).map((entry) => [entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched }]),
  );
  return {
    release: summary,
    episodeCount: order.length,
    // What "Смотреть" needs from every episode, for a list that fits one page of the episodes tab; a long list
    // stays on the server, which finds the viewer's place itself (decision 0205).
    episodeOrder: order.length <= EPISODES_PER_PAGE ? order : null,
    serverResume: resumeTarget(order, accountProgress),
    recommended,
    latestInSchedule,
    lists,
    timecodes,
    ageConfirmationNeeded: needsAgeConfirmation(release, request.headers.get("Cookie")),
    jsonLd: inlineJson(releaseJsonLd(release, siteOrigin(request))),
  };
}

/** The age confirmation: remember it and go back to the tab the viewer was on. */
export function confirmReleaseAge({ request, params }: ReleaseArgs) {
  const parsed = ReleaseParamsSchema.safeParse(params);
  if (!parsed.success) throwPageNotFound(request);
  // Encoded like every redirect target: an alias may be Cyrillic.
  const base = safeRedirectPath(releasePath(parsed.data.alias));
  return confirmAgeAndGoBack(request, base, (back) => isSamePage(back, base) || back.startsWith(`${base}/`));
}
