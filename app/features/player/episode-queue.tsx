// The release's episodes as plain links (server-rendered, so the queue works without JavaScript), with progress marks.
import { Link } from "@remix-run/react";
import type { ProgressStore, SavedPosition } from "~/features/progress/progress-store";
import { useSavedPosition } from "~/features/progress/use-progress-store";
import type { QueueEpisode } from "./player-data";
import { formatClock } from "~/i18n/format";
import { episodeLabel, playerStrings } from "./strings";

type Props = {
  queue: readonly QueueEpisode[];
  currentId: string;
  hrefFor(episodeId: string): string;
  store: ProgressStore | null;
  serverPositions: ReadonlyMap<string, SavedPosition>;
  headingId: string;
};

export function EpisodeQueue({ queue, currentId, hrefFor, store, serverPositions, headingId }: Props) {
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-neutral-900 p-3">
      <h2 id={headingId} className="px-1 pb-2 text-lg font-semibold">
        {playerStrings.queue} <span className="text-sm font-normal text-neutral-400">({queue.length})</span>
      </h2>
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
  const saved = useSavedPosition(store, item.id, serverPosition);
  const progress = saved && item.duration ? Math.min(100, (saved.time / item.duration) * 100) : 0;
  return (
    <li>
      <Link
        to={href}
        aria-current={current ? "page" : undefined}
        prefetch="intent"
        className={`flex items-center gap-3 rounded p-2 hover:bg-white/10 ${current ? "bg-white/15" : ""}`}
        data-queue-episode={item.id}
      >
        <span className="relative block h-12 w-20 shrink-0 overflow-hidden rounded bg-neutral-800">
          {item.preview ? <img src={item.preview} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
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
