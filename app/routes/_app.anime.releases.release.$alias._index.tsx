// The release's own address shows the episodes tab (no redirect: one request, and the address crawlers index).
import { useLoaderData } from "@remix-run/react";
import { EpisodesTab } from "~/features/release/episodes-tab";
import type { loadEpisodesTab } from "~/features/release/episodes-tab.server";

export { loadEpisodesTab as loader } from "~/features/release/episodes-tab.server";

export default function ReleaseEpisodesIndex() {
  return <EpisodesTab data={useLoaderData<typeof loadEpisodesTab>()} />;
}
