import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewEpisodesPage } from "~/features/new-episodes/new-episodes-page";
import type { loadNewEpisodesPage } from "~/features/new-episodes/new-episodes.server";
import { newEpisodesStrings as strings } from "~/features/new-episodes/strings";
import { pageMeta } from "~/shared/seo/page-meta";

export { loadNewEpisodesPage as loader } from "~/features/new-episodes/new-episodes.server";

export const meta: MetaFunction<typeof loadNewEpisodesPage> = (args) =>
  pageMeta(args, { title: strings.title, description: strings.description, noindex: true });

export default function NewEpisodesRoute() {
  const { items, watchedAny } = useLoaderData<typeof loadNewEpisodesPage>();
  return <NewEpisodesPage items={items} watchedAny={watchedAny} />;
}
