// Loads the release page: the release by alias (shared with the tab loaders of the same request), its side blocks and the user's list state.
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getCollectionIds, getFavoriteIds } from "~/.server/api/lists";
import { getTimecodes } from "~/.server/api/views";
import { apiContext } from "~/.server/api/context";
import { UpstreamNotFoundError } from "~/.server/api/errors";
import { getRecommendedReleases, getRelease } from "~/.server/api/releases";
import { getScheduleNow } from "~/.server/api/schedule";
import { logWarn } from "~/.server/log.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { getSessionToken } from "~/.server/session.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { collectionOf } from "~/domain/account";
import type { Release } from "~/domain/release";
import { knownCollectionType } from "~/features/lists/list-changes";
import { needsAgeConfirmation } from "./age-confirmation";
import { latestScheduled } from "./latest-scheduled";
import { releaseJsonLd, serializeJsonLd } from "./release-json-ld";
import { releasePath } from "~/domain/site-paths";
import type { ReleasePageData } from "./release-page-data";
import { EPISODES_PER_PAGE, episodeRefOf } from "./episode-pages";
import { resumeTarget } from "./resume-target";
import { sortEpisodes } from "./episodes-view";

/** Aliases are slugs; anything else cannot be a release and is a 404 without asking the upstream. */
export const ReleaseParamsSchema = z.object({
  alias: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\p{L}\p{N}._~-]+$/u),
});

// The page and its tab run their loaders in parallel with the same request: one upstream call serves both.
const releasesOfRequest = new WeakMap<Request, Promise<Release>>();

export async function loadRelease(request: Request, params: Record<string, string | undefined>): Promise<Release> {
  const parsed = ReleaseParamsSchema.safeParse(params);
  if (!parsed.success) throwPageNotFound(request);
  let pending = releasesOfRequest.get(request);
  if (!pending) {
    pending = getRelease(request, parsed.data.alias);
    releasesOfRequest.set(request, pending);
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

export async function loadReleasePage(request: Request, params: Record<string, string | undefined>): Promise<ReleasePageData> {
  const release = await loadRelease(request, params);
  // Opened by numeric id (or an old spelling): the alias address is the one to keep.
  if (params.alias !== release.alias) {
    const url = new URL(request.url);
    const rest = url.pathname.replace(/^\/anime\/releases\/release\/[^/]+/, "");
    throw redirect(safeRedirectPath(`${releasePath(release.alias)}${rest}${url.search}`), 301);
  }
  const context = apiContext(request, { timeout: "optional" });
  const signedIn = getSessionToken(request) !== null;
  const episodeIds = new Set(release.episodes.map((episode) => episode.id));
  const [recommended, latestInSchedule, lists, timecodes] = await Promise.all([
    optional("recommended releases", () => getRecommendedReleases(context, release.id, 6), []),
    optional("schedule", async () => latestScheduled(await getScheduleNow(context), release.id), []),
    signedIn
      ? optional(
          "list state",
          async () => {
            const [favoriteIds, collections] = await Promise.all([getFavoriteIds(context), getCollectionIds(context)]);
            return { isFavorite: favoriteIds.includes(release.id), collection: knownCollectionType(collectionOf(collections, release.id)) };
          },
          { isFavorite: false, collection: null },
        )
      : Promise.resolve(null),
    // The server knows a signed-in user's progress, so "Смотреть" and the episode marks work without JavaScript.
    signedIn
      ? optional("timecodes", async () => (await getTimecodes(context)).filter((entry) => episodeIds.has(entry.releaseEpisodeId)), null)
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
    jsonLd: serializeJsonLd(releaseJsonLd(release, siteOrigin(request))),
  };
}
