// /anime/video/episode/{releaseEpisodeId}: the player with the release's queue (logic in ~/features/player).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { confirmAgeOnPlayer, loadPlayerPage, parsePlayerParams } from "~/features/player/player-page.server";
import { playerHandle, playerMeta } from "~/features/player/player-meta";
import { PlayerPage } from "~/features/player/player-page";

export async function loader(args: LoaderFunctionArgs) {
  return loadPlayerPage(args, parsePlayerParams(args.request, args.params), "episode");
}

export function action({ request, params }: ActionFunctionArgs) {
  return confirmAgeOnPlayer(request, params, "episode");
}

export const meta: MetaFunction<typeof loader> = (args) => playerMeta(args, args.data);

export const handle = playerHandle;

export default function EpisodeRoute() {
  return <PlayerPage data={useLoaderData<typeof loader>()} />;
}
