// Loads the release page: the release by alias (shared with the tab loaders of the same request), its side blocks and the user's list state.
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { UpstreamNotFoundError } from "~/.server/api/errors";
import type { ApiHandle } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { logWarn } from "~/.server/log.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { collectionOf } from "~/domain/account";
import type { ReleaseDetail } from "~/domain/release";
import { bellOwnerOfPage, bellStateOf } from "~/features/episode-bell/bell-state.server";
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
import { sortEpisodes } from "~/domain/episode-order";
import { rememberedReleaseIdOfAlias, rememberRelease } from "~/.server/remembered-ids.server";
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
const releasesOfRequest = new WeakMap<ApiHandle, Promise<ReleaseDetail>>();

type ReleaseArgs = RequestArgs & { params: Record<string, string | undefined> };

/** The alias of the address, or the 404 page at once. */
export function releaseAliasOf(request: Request, params: Record<string, string | undefined>): string {
  const parsed = ReleaseParamsSchema.safeParse(params);
  if (!parsed.success) throwPageNotFound(request);
  return parsed.data.alias;
}

export async function loadRelease(args: ReleaseArgs): Promise<ReleaseDetail> {
  const { request, params } = args;
  const { api } = args.context;
  const alias = releaseAliasOf(request, params);
  let pending = releasesOfRequest.get(api);
  if (!pending) {
    pending = api.releases.get(alias).then((release) => {
      rememberRelease(release, alias);
      return release;
    });
    releasesOfRequest.set(api, pending);
  }
  try {
    return await pending;
  } catch (error) {
    if (error instanceof UpstreamNotFoundError) throwPageNotFound(request);
    throwRouteError(error, request);
  }
}

/**
 * A call that needs the release's numeric id, made at once when this process already knows the alias's id (decision
 * 0254), else after the release; made again in the rare case the remembered id turned out stale.
 */
export async function withReleaseId<Value>(args: ReleaseArgs, call: (releaseId: number) => Promise<Value>): Promise<Value> {
  const rememberedId = rememberedReleaseIdOfAlias(releaseAliasOf(args.request, args.params));
  const early = rememberedId === null ? null : call(rememberedId);
  // Settled here so that a failed early call is not an unhandled rejection while the release is awaited.
  early?.catch(() => undefined);
  const release = await loadRelease(args);
  return early && rememberedId === release.id ? early : call(release.id);
}

async function optional<Value>(what: string, load: () => Promise<Value>, fallback: Value): Promise<Value> {
  try {
    return await load();
  } catch (error) {
    logWarn(`release page: ${what} unavailable`, { error });
    return fallback;
  }
}

const RECOMMENDED_ON_PAGE = 6;

export async function loadReleasePage(args: ReleaseArgs): Promise<ReleasePageData> {
  const { request, params } = args;
  const alias = releaseAliasOf(request, params);
  const { api } = args.context;
  const optionalCalls = api.optional;
  const signedIn = api.signedIn;
  // The side blocks are asked for together with the release, not after it (one round trip, decision 0254); what
  // depends on the release is picked out of their answers afterwards. Recommendations are for the release when this
  // process knows its id, else general ones (and the release itself left out).
  const rememberedId = rememberedReleaseIdOfAlias(alias);
  const sideCalls = Promise.all([
    optional("recommended releases", () => optionalCalls.releases.recommended(rememberedId, RECOMMENDED_ON_PAGE + 1), []),
    optional("schedule", () => optionalCalls.schedule.now(), null),
    signedIn
      ? optional("list state", () => Promise.all([optionalCalls.lists.favoriteIds(), optionalCalls.lists.collectionIds()]), null)
      : Promise.resolve(null),
    // The server knows a signed-in user's progress, so "Смотреть" and the episode marks work without JavaScript.
    signedIn ? optional("timecodes", () => optionalCalls.timecodes.ofRelease(alias), null) : Promise.resolve(null),
  ]);
  const bellOwner = bellOwnerOfPage(request, api);
  const release = await loadRelease(args);
  // Opened by numeric id (or an old spelling): the alias address is the one to keep.
  if (params.alias !== release.alias) {
    const url = new URL(request.url);
    const rest = url.pathname.replace(/^\/anime\/releases\/release\/[^/]+/, "");
    throw redirect(safeRedirectPath(`${releasePath(release.alias)}${rest}${url.search}`), 301);
  }
  const [[recommendedReleases, schedule, listIds, releaseTimecodes], owner] = await Promise.all([sideCalls, bellOwner]);
  const episodeIds = new Set(release.episodes.map((episode) => episode.id));
  const recommended = recommendedReleases
    .filter((other) => other.id !== release.id)
    .slice(0, RECOMMENDED_ON_PAGE)
    .map(toSideRelease);
  const latestInSchedule = schedule ? latestScheduled(schedule, release.id).map(toSideScheduleEntry) : [];
  const lists = signedIn
    ? {
        isFavorite: listIds?.[0].includes(release.id) ?? false,
        collection: listIds ? knownCollectionType(collectionOf(listIds[1], release.id)) : null,
      }
    : null;
  const bell = await bellStateOf(api, owner, release.id, lists && listIds ? lists.isFavorite || lists.collection !== null : null);
  const timecodes = releaseTimecodes?.filter((entry) => episodeIds.has(entry.releaseEpisodeId)) ?? null;
  // The torrents are the torrents tab's (it reads them from the same call), not the page's data.
  const { episodes, torrents: _torrents, ...summary } = release;
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
    bell,
    timecodes,
    ageConfirmationNeeded: needsAgeConfirmation(release, request.headers.get("Cookie")),
    jsonLd: inlineJson(releaseJsonLd(release, siteOrigin(request))),
  };
}

/** The age confirmation: remember it and go back to the tab the viewer was on. */
export function confirmReleaseAge({ request, params }: ReleaseArgs) {
  // Encoded like every redirect target: an alias may be Cyrillic.
  const base = safeRedirectPath(releasePath(releaseAliasOf(request, params)));
  return confirmAgeAndGoBack(request, base, (back) => isSamePage(back, base) || back.startsWith(`${base}/`));
}
