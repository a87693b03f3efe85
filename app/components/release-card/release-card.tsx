// One release in a list: poster, title, type · year · season, episodes, age rating.
import { PathLink } from "~/components/path-link";
import type { ReactNode } from "react";
import { PosterImage, type PosterPriority } from "~/components/poster-image";
import { releaseTitle } from "~/domain/release";
import type { ReleaseCardData } from "~/domain/release-card";
import { episodeHeading, formatEpisodesTotal, formatOrdinal } from "~/i18n/format";
import { AgeRatingBadge } from "./age-rating-badge";
import { POSTER_HEIGHT, POSTER_WIDTH, releaseMetaLine } from "./release-card-meta";
import { releasePath } from "~/domain/site-paths";

type ReleaseCardProps = {
  release: ReleaseCardData;
  priority?: PosterPriority;
  /** Controls shown under the card (favorite, collection) — filled by the lists feature. */
  actions?: ReactNode;
  /** Extra line, e.g. "Серия 5" for latest releases. */
  note?: ReactNode;
  headingLevel?: 2 | 3;
};

export function ReleaseCard({ release, priority = false, actions, note, headingLevel = 3 }: ReleaseCardProps) {
  const title = releaseTitle(release);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const episodes =
    release.latestEpisode?.ordinal != null
      ? episodeHeading(formatOrdinal(release.latestEpisode.ordinal) ?? "")
      : formatEpisodesTotal(release);
  return (
    <article className="group flex h-full flex-col rounded-lg bg-surface">
      {/* The poster rounds its own corners: a clipping card would also cut the collection menu that opens from it. */}
      <PathLink
        to={releasePath(release.alias)}
        prefetch="intent"
        className="relative block overflow-hidden rounded-t-lg"
        tabIndex={-1}
        aria-hidden="true"
      >
        <PosterImage
          image={release.poster}
          alt=""
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          priority={priority}
          className="transition group-hover:opacity-90"
        />
        <AgeRatingBadge label={release.ageRating.label} />
        {release.isOngoing ? (
          <span className="absolute right-2 top-2 rounded bg-[#C62828] px-1.5 py-0.5 text-xs font-semibold text-white">Онгоинг</span>
        ) : null}
      </PathLink>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="line-clamp-2 text-sm font-semibold leading-snug">
          <PathLink to={releasePath(release.alias)} prefetch="intent" className="hover:underline">
            {title}
          </PathLink>
        </Heading>
        <p className="text-xs text-muted">{releaseMetaLine(release)}</p>
        {episodes || note ? <p className="text-xs text-muted">{note ?? episodes}</p> : null}
        {actions ? <div className="mt-auto pt-2">{actions}</div> : null}
      </div>
    </article>
  );
}
