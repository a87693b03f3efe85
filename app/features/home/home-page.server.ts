// The home page's data: the latest episodes, and the optional blocks (promotions, today's schedule,
// "continue watching", the poll) that hide when the upstream is slow or fails.
import { data } from "@remix-run/node";
import type { RequestArgs } from "~/.server/load-context.server";
import { optionalData } from "~/.server/optional-data.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadSinceLastVisit } from "~/features/episode-bell/since-last-visit.server";
import { loadNewEpisodesBlock } from "~/features/new-episodes/new-episodes.server";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import { rememberListedReleases } from "~/.server/remembered-ids.server";
import { loadHomePoll } from "./home-poll.server";

const LATEST_RELEASES_ON_HOME = 12;

export async function loadHomePage(args: RequestArgs) {
  const { api } = args.context;
  // Awaited together rather than streamed: streamed blocks would stay skeletons for visitors without
  // JavaScript (docs/decisions/0004-home-page.md). Optional blocks have the short timeout and hide on failure.
  const [latest, promotions, scheduleToday, continueWatching, poll, newEpisodes, sinceLastVisit] = await Promise.all([
    withRouteErrors(args.request, () => api.releases.latestCards(LATEST_RELEASES_ON_HOME)),
    optionalData("promotions", () => api.optional.media.promotions()),
    optionalData("schedule today", async () => (await api.optional.schedule.now()).today),
    loadContinueWatching(api),
    loadHomePoll(api),
    loadNewEpisodesBlock(api),
    loadSinceLastVisit(args.request, api),
  ]);
  rememberListedReleases(latest);
  return data({
    latest,
    promotions,
    scheduleToday,
    continueWatching,
    poll,
    newEpisodes,
    sinceLastVisit,
  });
}
