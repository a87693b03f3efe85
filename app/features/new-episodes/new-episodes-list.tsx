// The releases with new episodes: poster, title, how many are new, and a link straight to the next episode.
import { Link } from "@remix-run/react";
import { PosterImage } from "~/components/poster-image";
import { POSTER_HEIGHT, POSTER_WIDTH } from "~/components/release-card/release-card-meta";
import { releaseTitle } from "~/domain/release";
import { episodePath, releasePath } from "~/domain/site-paths";
import { formatOrdinal, watchEpisodeLabel } from "~/i18n/format";
import type { NewEpisodesItem } from "./new-episodes";
import { newEpisodesStrings as strings } from "./strings";

function watchLabel(item: NewEpisodesItem): string {
  const ordinal = formatOrdinal(item.next.ordinal);
  return ordinal ? watchEpisodeLabel(ordinal) : strings.watchSpecial;
}

export function NewEpisodesList({ items, label }: { items: NewEpisodesItem[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,300px),1fr))] gap-4" data-testid="new-episodes">
      {items.map((item) => {
        const title = releaseTitle(item.release);
        const latest = formatOrdinal(item.latestOrdinal);
        return (
          <li key={item.release.id} className="flex min-w-0 gap-3 rounded-lg bg-surface p-3">
            <Link to={releasePath(item.release.alias)} className="w-20 shrink-0" tabIndex={-1} aria-hidden="true">
              <PosterImage
                image={item.release.poster}
                alt=""
                width={POSTER_WIDTH}
                height={POSTER_HEIGHT}
                sizes="80px"
                className="rounded"
              />
            </Link>
            <div className="flex min-w-0 flex-col gap-1">
              <Link to={releasePath(item.release.alias)} className="line-clamp-2 font-semibold hover:underline">
                {title}
              </Link>
              <p className="text-sm text-muted">
                {strings.newCount(item.newCount)}
                {latest ? ` · ${strings.latest(latest)}` : null}
              </p>
              <Link
                to={episodePath(item.next.id)}
                className="mt-auto inline-flex h-9 w-fit items-center rounded-md bg-[#C62828] px-3 text-sm font-semibold text-white hover:opacity-90"
                aria-label={`${watchLabel(item)}: ${title}`}
              >
                {watchLabel(item)}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
