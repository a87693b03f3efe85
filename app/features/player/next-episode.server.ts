// /anime/video/episode/{id}/next: the episode after this one in watching order, for "Продолжить просмотр" on a
// release page that does not carry the whole list (docs/decisions/0205). The last episode leads to itself.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { withRouteErrors } from "~/.server/route-errors.server";
import { episodePath } from "~/domain/site-paths";
import { sortEpisodes } from "~/domain/episode-order";
import { parsePlayerParams } from "./player-page.server";

export async function loader(args: LoaderFunctionArgs): Promise<Response> {
  const { request, params } = args;
  const episodeId = parsePlayerParams(request, params);
  const episode = await withRouteErrors(request, () => args.context.api.releases.episode(episodeId));
  const inOrder = sortEpisodes(episode.release?.episodes ?? [], "asc");
  const index = inOrder.findIndex((item) => item.id === episodeId);
  const next = index >= 0 ? inOrder[index + 1] : undefined;
  return redirect(episodePath(next?.id ?? episodeId), { headers: { "Cache-Control": "private, no-store" } });
}
