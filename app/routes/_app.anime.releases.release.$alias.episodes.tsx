// The episodes tab at its own address (the same content as the release's address, which is the canonical one).
import { useLoaderData } from "@remix-run/react";
import { EpisodesTab } from "~/features/release/episodes-tab";
import type { loadEpisodesTab } from "~/features/release/episodes-tab.server";

export { loadEpisodesTab as loader } from "~/features/release/episodes-tab.server";

export default function ReleaseEpisodes() {
  return <EpisodesTab data={useLoaderData<typeof loadEpisodesTab>()} />;
}
