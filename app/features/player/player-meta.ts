// The player pages' <head>: "Release — Серия N", the episode's frame as the image; the queue view is not indexed.
import type { MetaDescriptor } from "@remix-run/node";
import type { ModulePreloadsHandle } from "~/framework/module-preloads";
import { pageMeta } from "~/shared/seo/page-meta";
import { EARLY_START_SIGNAL, earlyStartOf } from "./early-start";
import type { PlayerPageData } from "~/features/video-engine/player-data";
import { episodeLabel, playerStrings } from "./strings";

type MetaArgs = Parameters<typeof pageMeta>[0];

export function playerMeta(args: MetaArgs, data: PlayerPageData | undefined): MetaDescriptor[] {
  if (!data) return pageMeta(args, { title: playerStrings.pageTitleFallback, noindex: true });
  const label = episodeLabel(data.episode);
  const releaseTitle = data.release?.title ?? playerStrings.pageTitleFallback;
  const episodeName = data.episode.ordinal !== null && data.episode.name ? ` «${data.episode.name}»` : "";
  // What automatic mode starts with; with a remembered manual quality or a local resume position some go unused.
  const preloads: MetaDescriptor[] = [
    ...data.preloads.fetches.map((href) => ({ tagName: "link", rel: "preload", as: "fetch", href, crossOrigin: "anonymous" })),
  ];
  return [
    ...pageMeta(args, {
      title: `${releaseTitle} — ${label}`,
      description: `Смотреть онлайн: ${releaseTitle}, ${label.toLowerCase()}${episodeName}. Русская озвучка.`,
      image: data.episode.preview ?? data.release?.poster ?? undefined,
      type: "video.episode",
      // The queue view shows the same episode: only the episode address is indexed.
      noindex: data.view === "queue",
    }),
    ...preloads,
  ];
}

/**
 * hls.js, fetched with the page's own modules (the links need the page's nonce, which only the root has); with the
 * early start, hls.js and the early engine alone, the page's modules once the first frame is there (decision 0235).
 */
export const playerHandle: ModulePreloadsHandle = {
  modulePreloads: (data) => {
    const page = data as PlayerPageData | undefined;
    const start = earlyStartOf(page);
    return start ? [start.hlsChunk, ...start.engineChunks] : [page?.preloads.hlsChunk ?? null];
  },
  startsBeforeHydration: (data) => (earlyStartOf(data as PlayerPageData | undefined) ? EARLY_START_SIGNAL : null),
};
