// The home page's "continue watching" row: the account's history, or this browser's own progress for visitors.
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { episodeHeading, formatOrdinal } from "~/i18n/format";
import { continueItemsFromLocal, type ContinueItem } from "./continue-items";
import { loadLocalProgress } from "./local-progress";
import { episodePath } from "~/domain/site-paths";

export const continueWatchingStrings = { title: "Продолжить просмотр", episode: episodeHeading } as const;

/** `items` null: read this browser's progress after hydration (without JavaScript a visitor has none to show). */
export function ContinueWatching({ items }: { items: ContinueItem[] | null }) {
  const [localItems, setLocalItems] = useState<ContinueItem[]>([]);
  useEffect(() => {
    if (items === null) setLocalItems(continueItemsFromLocal(loadLocalProgress()));
  }, [items]);
  const shown = items ?? localItems;
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="continue-watching" className="space-y-3">
      <h2 id="continue-watching" className="text-xl font-bold">
        {continueWatchingStrings.title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {shown.map((item) => {
          const progress = item.duration ? Math.min(100, (item.time / item.duration) * 100) : 0;
          const ordinal = formatOrdinal(item.episodeOrdinal);
          return (
            <li key={item.releaseId}>
              <Link to={episodePath(item.episodeId)} className="group block" data-continue-release={item.releaseId}>
                <span className="relative block aspect-[5/7] overflow-hidden rounded-lg bg-surface">
                  {item.poster ? (
                    <img src={item.poster} alt="" loading="lazy" className="image-fallback h-full w-full object-cover" />
                  ) : null}
                  <span className="absolute inset-x-0 bottom-0 h-1 bg-black/50">
                    <span className="block h-full bg-secondary" style={{ width: `${progress}%` }} />
                  </span>
                </span>
                <span className="mt-2 block font-semibold group-hover:underline">{item.title}</span>
                {ordinal ? <span className="block text-sm text-muted">{continueWatchingStrings.episode(ordinal)}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
