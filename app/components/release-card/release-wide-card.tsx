// A release as a fixed-height horizontal card (poster, title, details, description) for the masonry lists.
import { PathLink } from "~/components/path-link";
import type { ReactNode } from "react";
import { PosterImage, type PosterPriority } from "~/components/poster-image";
import { releaseTitle } from "~/domain/release";
import { episodesOutSoFar, type ReleaseCardData } from "~/domain/release-card";
import { formatEpisodesTotal } from "~/i18n/format";
import { AgeRatingBadge } from "./age-rating-badge";
import { POSTER_HEIGHT, POSTER_WIDTH, releaseMetaLine } from "./release-card-meta";
import { releasePath } from "~/domain/site-paths";

type ReleaseWideCardProps = { release: ReleaseCardData; priority?: PosterPriority; actions?: ReactNode };

export function ReleaseWideCard({ release, priority = false, actions }: ReleaseWideCardProps) {
  const href = releasePath(release.alias);
  const genres = release.genres.map((genre) => genre.name).join(", ");
  return (
    <article className="m-1.5 flex h-[212px] gap-3 overflow-hidden rounded-lg bg-surface p-2">
      <PathLink to={href} prefetch="intent" className="relative w-[140px] shrink-0" tabIndex={-1} aria-hidden="true">
        <PosterImage
          image={release.poster}
          alt=""
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          priority={priority}
          sizes="140px"
          className="h-full rounded-md"
        />
        <AgeRatingBadge label={release.ageRating.label} />
      </PathLink>
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-1">
        <h2 className="line-clamp-2 text-base font-semibold leading-snug">
          <PathLink to={href} prefetch="intent" className="hover:underline">
            {releaseTitle(release)}
          </PathLink>
        </h2>
        {/* Wraps rather than cut: a phone's narrow card would end it mid-word («2 э…»). */}
        <p className="text-xs text-muted">
          {[releaseMetaLine(release), formatEpisodesTotal(release, episodesOutSoFar(release))].filter(Boolean).join(" · ")}
          {/* The badge sits on the poster, which screen readers skip (the title links the same page). */}
          {release.ageRating.label ? <span className="sr-only"> · {release.ageRating.label}</span> : null}
        </p>
        {genres ? <p className="truncate text-xs text-muted">{genres}</p> : null}
        {release.description ? <p className="line-clamp-2 text-sm break-words text-muted sm:line-clamp-3">{release.description}</p> : null}
        {actions ? <div className="mt-auto">{actions}</div> : null}
      </div>
    </article>
  );
}
