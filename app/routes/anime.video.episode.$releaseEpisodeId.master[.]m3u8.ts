// /anime/video/episode/{id}/master.m3u8: the episode's renditions joined into one multi-variant HLS playlist.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadMasterPlaylist } from "~/features/player/master-playlist.server";
import { parsePlayerParams } from "~/features/player/player-page.server";

export function loader(args: LoaderFunctionArgs) {
  return loadMasterPlaylist(args, parsePlayerParams(args.request, args.params));
}
