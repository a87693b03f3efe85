// Today's releases from the schedule, with the episode that comes out next.
import { Link } from "@remix-run/react";
import { PosterImage } from "~/components/poster-image";
import type { ScheduleEntry } from "~/domain/schedule";
import { releaseTitle } from "~/domain/release";
import { releasePath } from "~/domain/site-paths";
import { useIntentPrefetch } from "~/components/low-data";

export function ScheduleToday({ entries }: { entries: ScheduleEntry[] }) {
  const prefetch = useIntentPrefetch();
  if (entries.length === 0) return <p className="text-muted">Сегодня новых серий по расписанию нет.</p>;
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-3">
      {entries.map(({ release, nextReleaseEpisodeNumber, publishedReleaseEpisode }) => (
        <li key={release.id}>
          <Link
            to={releasePath(release.alias)}
            prefetch={prefetch}
            className="flex h-[92px] items-center gap-3 rounded-lg bg-surface p-2 hover:bg-surface-raised"
          >
            <div className="w-[54px] shrink-0">
              <PosterImage image={release.poster} alt="" width={300} height={420} sizes="54px" className="rounded" />
            </div>
            <div className="min-w-0">
              <p className="line-clamp-2 text-sm font-semibold">{releaseTitle(release)}</p>
              <p className="text-xs text-muted">
                {publishedReleaseEpisode
                  ? "Серия уже вышла"
                  : nextReleaseEpisodeNumber
                    ? `Ждём ${nextReleaseEpisodeNumber}-ю серию`
                    : (release.publishDay.description ?? "")}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
