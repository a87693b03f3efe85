// The episodes tab's loader: one page of the release's episodes in the chosen order (the release itself comes from
// the same request's call that the page's loader makes).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseEpisodesQuery } from "./episodes-query.server";
import { episodePage } from "./episode-pages";
import { sortEpisodes } from "~/domain/episode-order";
import { toEpisodeListItem, type EpisodesTabData } from "./episodes-view";
import { loadRelease } from "./release-page.server";

export async function loadEpisodesTab(args: LoaderFunctionArgs): Promise<EpisodesTabData> {
  const { request } = args;
  const display = parseEpisodesQuery(new URL(request.url));
  const release = await loadRelease(args);
  const { items, ...paging } = episodePage(sortEpisodes(release.episodes, display.sort), display.page);
  return {
    display: { ...display, page: paging.page },
    episodes: items.map((episode) => toEpisodeListItem(episode, display.view)),
    paging,
  };
}
