// The episodes tab at its own address (the same content as the release's address, which is the canonical one).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parseEpisodesQuery } from "~/features/release/episodes-query.server";
import { EpisodesTab } from "~/features/release/episodes-tab";

export function loader({ request }: LoaderFunctionArgs) {
  return parseEpisodesQuery(new URL(request.url));
}

export default function ReleaseEpisodes() {
  return <EpisodesTab display={useLoaderData<typeof loader>()} />;
}
