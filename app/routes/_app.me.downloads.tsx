// /me/downloads: episodes saved in this browser (logic in ~/features/downloads). Open to visitors: the data is local.
import type { MetaFunction } from "@remix-run/node";
import type { ModulePreloadsHandle } from "~/framework/module-preloads";
import { DownloadsPage } from "~/features/player/downloads-page";
import { downloadStrings } from "~/features/downloads/strings";
import { hlsChunkPath } from "~/features/player/player-preloads.server";
import { pageMeta } from "~/shared/seo/page-meta";

export function loader() {
  // The page plays saved episodes: hls.js is preloaded so the worker's copy of the page carries it offline.
  return { hlsChunk: hlsChunkPath() };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: downloadStrings.savedTitle, description: downloadStrings.savedDescription, noindex: true });

export const handle: ModulePreloadsHandle = {
  modulePreloads: (data) => [(data as ReturnType<typeof loader> | undefined)?.hlsChunk ?? null],
};

export default function DownloadsRoute() {
  return <DownloadsPage />;
}
