import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewEpisodesPage } from "~/features/new-episodes/new-episodes-page";
import { loadNewEpisodesPage } from "~/features/new-episodes/new-episodes.server";
import { newEpisodesStrings as strings } from "~/features/new-episodes/strings";
import { pageMeta } from "~/features/seo/page-meta";

export const loader = ({ request }: LoaderFunctionArgs) => loadNewEpisodesPage(request);

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: strings.title, description: strings.description, noindex: true });

export default function NewEpisodesRoute() {
  return <NewEpisodesPage items={useLoaderData<typeof loader>().items} />;
}
