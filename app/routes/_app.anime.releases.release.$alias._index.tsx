// The release's own address shows the episodes tab (no redirect: one request, and the address crawlers index).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parseEpisodesQuery } from "~/features/release/episodes-query.server";
import { EpisodesTab } from "~/features/release/episodes-tab";

export function loader({ request }: LoaderFunctionArgs) {
  return parseEpisodesQuery(new URL(request.url));
}

export default function ReleaseEpisodesIndex() {
  return <EpisodesTab display={useLoaderData<typeof loader>()} />;
}
