import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { apiContext } from "~/.server/api/context";
import { getPromotions } from "~/.server/api/media";
import { getLatestReleases } from "~/.server/api/releases";
import { getScheduleNow } from "~/.server/api/schedule";
import { optionalData } from "~/.server/optional-data.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { HomePoll } from "~/features/home/home-poll";
import { loadHomePoll } from "~/features/home/home-poll.server";
import { HomeSection } from "~/features/home/home-section";
import { LatestEpisodes } from "~/features/home/latest-episodes";
import { Promotions } from "~/features/home/promotions";
import { NewEpisodesList } from "~/features/new-episodes/new-episodes-list";
import { loadNewEpisodesBlock } from "~/features/new-episodes/new-episodes.server";
import { newEpisodesStrings } from "~/features/new-episodes/strings";
import { NEW_EPISODES_PATH } from "~/domain/site-paths";
import { ScheduleToday } from "~/features/home/schedule-today";
import { ContinueWatching } from "~/features/progress/continue-watching";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import { pageMeta } from "~/features/seo/page-meta";
import { toReleaseCard } from "~/domain/release-card";

const LATEST_RELEASES_ON_HOME = 12;

export async function loader({ request }: LoaderFunctionArgs) {
  const optional = apiContext(request, { timeout: "optional" });
  // Awaited together rather than streamed: streamed blocks would stay skeletons for visitors without
  // JavaScript (docs/decisions/0004-home-page.md). Optional blocks have the short timeout and hide on failure.
  const [latest, promotions, scheduleToday, continueWatching, poll, newEpisodes] = await Promise.all([
    withRouteErrors(request, () => getLatestReleases(request, LATEST_RELEASES_ON_HOME)),
    optionalData("promotions", () => getPromotions(optional)),
    optionalData("schedule today", async () => (await getScheduleNow(optional)).today),
    loadContinueWatching(request),
    loadHomePoll(request),
    loadNewEpisodesBlock(request),
  ]);
  return data({ latest: latest.map(toReleaseCard), promotions, scheduleToday, continueWatching, poll, newEpisodes });
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: "Аниме онлайн с русской озвучкой",
    description: "Новые серии аниме с русской озвучкой каждый день: онгоинги по расписанию, каталог, франшизы и торренты.",
  });

export default function HomePage() {
  const { latest, promotions, scheduleToday, continueWatching, poll, newEpisodes } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <h1 className="sr-only">Аниме онлайн с русской озвучкой</h1>
      {promotions ? <Promotions promotions={promotions} /> : null}
      <ContinueWatching items={continueWatching} />
      {newEpisodes ? (
        <HomeSection
          id="home-new-episodes"
          title={newEpisodesStrings.title}
          moreHref={NEW_EPISODES_PATH}
          moreLabel={`${newEpisodesStrings.allNew} (${newEpisodes.total})`}
        >
          <NewEpisodesList items={newEpisodes.items} label={newEpisodesStrings.title} />
        </HomeSection>
      ) : null}
      <HomeSection id="home-latest" title="Новые серии" moreHref="/anime/releases/latest/">
        <LatestEpisodes releases={latest} />
      </HomeSection>
      {scheduleToday ? (
        <HomeSection id="home-schedule" title="Сегодня в расписании" moreHref="/anime/schedule" moreLabel="Всё расписание" belowTheFold>
          <ScheduleToday entries={scheduleToday} />
        </HomeSection>
      ) : null}
      {poll ? <HomePoll poll={poll.poll} signedIn={poll.signedIn} /> : null}
    </div>
  );
}
