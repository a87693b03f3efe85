// The release's episodes as plain links (server-rendered, so the queue works without JavaScript), with progress marks.
import { Link } from "@remix-run/react";
import type { ProgressStore, SavedPosition } from "~/features/progress/progress-store";
import { useSavedPosition } from "~/features/progress/use-progress-store";
import type { PlayerPageData, QueueEpisode } from "~/features/video-engine/player-data";
import { pageOfIndex } from "~/features/release/episode-pages";
import { releaseEpisodesPagePath } from "~/domain/site-paths";
import { formatClock } from "~/i18n/format";
import { episodeLabel, playerStrings } from "./strings";
import { useIntentPrefetch } from "~/components/low-data";

type Props = {
  queue: readonly QueueEpisode[];
  range: PlayerPageData["queueRange"];
  /** Where the episodes outside a long release's window are listed. */
  releaseAlias: string | null;
  currentId: string;
  hrefFor(episodeId: string): string;
  store: ProgressStore | null;
  serverPositions: ReadonlyMap<string, SavedPosition>;
  headingId: string;
};

/** A long release's episodes before or after the window, on the release's episodes tab. */
function OutsideLink({ alias, index, text }: { alias: string; index: number; text: string }) {
  return (
    <Link to={releaseEpisodesPagePath(alias, pageOfIndex(index))} className="block px-1 py-2 text-sm underline">
      {text}
    </Link>
  );
}

export function EpisodeQueue({ queue, range, releaseAlias, currentId, hrefFor, store, serverPositions, headingId }: Props) {
  const after = range.firstIndex + queue.length;
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-neutral-900 p-3">
      <h2 id={headingId} className="px-1 pb-2 text-lg font-semibold">
        {playerStrings.queue} <span className="text-sm font-normal text-neutral-400">({Math.max(range.total, queue.length)})</span>
      </h2>
      {releaseAlias && range.firstIndex > 0 ? (
        <OutsideLink alias={releaseAlias} index={range.firstIndex - 1} text={playerStrings.earlierEpisodes(range.firstIndex)} />
      ) : null}
      <ol className="max-h-[32rem] space-y-1 overflow-y-auto pr-1">
        {queue.map((item) => (
          <QueueItem
            key={item.id}
            item={item}
            current={item.id === currentId}
            href={hrefFor(item.id)}
            store={store}
            serverPosition={serverPositions.get(item.id) ?? null}
          />
        ))}
      </ol>
      {releaseAlias && after < range.total ? (
        <OutsideLink alias={releaseAlias} index={after} text={playerStrings.laterEpisodes(range.total - after)} />
      ) : null}
    </section>
  );
}

function QueueItem({
  item,
  current,
  href,
  store,
  serverPosition,
}: {
  item: QueueEpisode;
  current: boolean;
  href: string;
  store: ProgressStore | null;
  serverPosition: SavedPosition | null;
}) {
  const prefetch = useIntentPrefetch();
  const saved = useSavedPosition(store, item.id, serverPosition);
  const progress = saved && item.duration ? Math.min(100, (saved.time / item.duration) * 100) : 0;
  return (
    <li>
      <Link
        to={href}
        aria-current={current ? "page" : undefined}
        prefetch={prefetch}
        className={`flex items-center gap-3 rounded p-2 hover:bg-white/10 ${current ? "bg-white/15" : ""}`}
        data-queue-episode={item.id}
      >
        <span className="relative block h-12 w-20 shrink-0 overflow-hidden rounded bg-neutral-800">
          {item.preview ? <img src={item.preview} alt="" loading="lazy" className="image-fallback h-full w-full object-cover" /> : null}
          {progress > 0 && !saved?.isWatched ? (
            <span className="absolute inset-x-0 bottom-0 h-1 bg-white/30">
              <span className="block h-full bg-secondary" style={{ width: `${progress}%` }} />
            </span>
          ) : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium">{episodeLabel(item)}</span>
          {item.ordinal !== null && item.name ? <span className="block truncate text-sm text-neutral-400">{item.name}</span> : null}
        </span>
        <span className="shrink-0 text-xs text-neutral-400">
          {current
            ? playerStrings.queueCurrent
            : saved?.isWatched
              ? playerStrings.watched
              : saved && saved.time > 0
                ? formatClock(saved.time)
                : ""}
        </span>
      </Link>
    </li>
  );
}
