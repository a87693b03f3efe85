// One release of the schedule, as a horizontal card or as a poster, with its time and episode progress.
import { Link } from "@remix-run/react";
import { PosterImage, type PosterPriority } from "~/components/poster-image";
import { ReleaseCard } from "~/components/release-card/release-card";
import { POSTER_HEIGHT, POSTER_WIDTH, releaseMetaLine } from "~/components/release-card/release-card-meta";
import { releaseTitle } from "~/domain/release";
import type { ScheduleItem } from "./schedule-week";
import { scheduleStrings as strings } from "./strings";
import { releasePath } from "~/domain/site-paths";
import { useIntentPrefetch } from "~/components/low-data";

type ScheduleEntryProps = { placed: ScheduleItem; priority: PosterPriority; dayName?: string };

export function ScheduleEntryCard({ placed, priority, dayName }: ScheduleEntryProps) {
  const prefetch = useIntentPrefetch();
  const { release, progress } = placed;
  const href = releasePath(release.alias);
  const when = [dayName, placed.time ? strings.at(placed.time) : null].filter(Boolean).join(" ");
  return (
    <article className="flex h-[156px] gap-3 overflow-hidden rounded-lg bg-surface p-2">
      <Link to={href} prefetch={prefetch} className="w-[100px] shrink-0" tabIndex={-1} aria-hidden="true">
        <PosterImage
          image={release.poster}
          alt=""
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          sizes="100px"
          priority={priority}
          className="h-full rounded-md"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-1">
        {when ? <p className="text-sm font-semibold text-ink">{when}</p> : null}
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link to={href} prefetch={prefetch} className="hover:underline">
            {releaseTitle(release)}
          </Link>
        </h3>
        <p className="truncate text-xs text-muted">{releaseMetaLine(release)}</p>
        {progress ? <p className="truncate text-xs text-muted">{progress}</p> : null}
      </div>
    </article>
  );
}

export function ScheduleEntryPoster({ placed, priority, dayName }: ScheduleEntryProps) {
  const when = [dayName, placed.time ? strings.at(placed.time) : null].filter(Boolean).join(" ");
  const { progress } = placed;
  return <ReleaseCard release={placed.release} priority={priority} note={[when, progress].filter(Boolean).join(" · ") || undefined} />;
}
