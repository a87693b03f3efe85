import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HomePoll } from "~/features/home/home-poll";
import { HomeSection } from "~/features/home/home-section";
import { LatestEpisodes } from "~/features/home/latest-episodes";
import { Promotions } from "~/features/home/promotions";
import { NewEpisodesList } from "~/features/new-episodes/new-episodes-list";
import { SUBSCRIPTIONS_PATH } from "~/domain/episode-bell";
import { SinceLastVisitList } from "~/features/episode-bell/since-last-visit";
import { bellStrings } from "~/features/episode-bell/strings";
import { newEpisodesStrings } from "~/features/new-episodes/strings";
import { NEW_EPISODES_PATH } from "~/domain/site-paths";
import { ScheduleToday } from "~/features/home/schedule-today";
import { ContinueWatching } from "~/features/progress/continue-watching";
import { pageMeta } from "~/shared/seo/page-meta";

import type { loadHomePage } from "~/features/home/home-page.server";

export { loadHomePage as loader } from "~/features/home/home-page.server";

export const meta: MetaFunction<typeof loadHomePage> = (args) =>
  pageMeta(args, {
    title: "Аниме онлайн с русской озвучкой",
    description: "Новые серии аниме с русской озвучкой каждый день: онгоинги по расписанию, каталог, франшизы и торренты.",
  });

export default function HomePage() {
  const { latest, promotions, scheduleToday, continueWatching, poll, newEpisodes, sinceLastVisit } = useLoaderData<typeof loadHomePage>();
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
      {sinceLastVisit.length > 0 ? (
        <HomeSection
          id="home-since-last-visit"
          title={bellStrings.sinceLastVisit.title}
          moreHref={SUBSCRIPTIONS_PATH}
          moreLabel={bellStrings.subscriptions.title}
        >
          <SinceLastVisitList items={sinceLastVisit} />
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
