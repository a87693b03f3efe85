// The top of the release page: poster, title and subtitle, labels, actions, parameters, alert and description.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PosterImage } from "~/components/poster-image";
import { POSTER_HEIGHT, POSTER_WIDTH } from "~/components/release-card/release-card-meta";
import type { CollectionType } from "~/domain/account";
import { releaseTitle, type Release } from "~/domain/release";
import { ReleaseListControls } from "~/features/lists/release-list-controls";
import { formatClock, formatCount, formatMinutes, formatOrdinal } from "~/i18n/format";
import { formatNumber } from "~/i18n/number";
import type { ReleaseProgress } from "./episode-progress";
import { sortEpisodes } from "./episodes-view";
import { resumeTarget, type ResumeTarget } from "./resume-target";
import { releaseStrings } from "./strings";
import { episodePath, genreReleasesPath, releaseCalendarPath } from "~/domain/site-paths";

type ReleaseHeadingProps = {
  release: Release;
  lists: { isFavorite: boolean; collection: CollectionType | null } | null;
  progress: ReleaseProgress;
};

function Label({ children, tone = "neutral" }: { children: string; tone?: "neutral" | "accent" }) {
  const toneClass = tone === "accent" ? "bg-[#C62828] text-white" : "border border-line bg-surface text-ink";
  return <li className={`rounded px-2 py-1 text-xs font-semibold ${toneClass}`}>{children}</li>;
}

function statusOf(release: Release): string {
  if (release.isOngoing) return releaseStrings.labels.ongoing;
  if (release.isInProduction) return releaseStrings.labels.inProduction;
  return releaseStrings.labels.completed;
}

function ReleaseParameters({ release }: { release: Release }) {
  const strings = releaseStrings.parameters;
  const episodes = release.episodesTotal ?? (release.episodes.length > 0 ? release.episodes.length : null);
  const rows: { term: string; details: ReactNode }[] = [
    { term: strings.type, details: release.type.description ?? release.type.value },
    { term: strings.season, details: [release.season.description, release.year].filter(Boolean).join(" ") || null },
    {
      term: strings.genres,
      details:
        release.genres.length > 0 ? (
          <ul className="flex flex-wrap gap-x-2 gap-y-1">
            {release.genres.map((genre, index) => (
              <li key={genre.id}>
                <Link to={genreReleasesPath(genre.id)} className="underline decoration-line underline-offset-2 hover:decoration-current">
                  {genre.name}
                </Link>
                {index < release.genres.length - 1 ? "," : null}
              </li>
            ))}
          </ul>
        ) : null,
    },
    { term: strings.episodes, details: episodes ? formatCount(episodes, "episodes") : null },
    { term: strings.duration, details: release.averageDurationOfEpisode ? formatMinutes(release.averageDurationOfEpisode * 60) : null },
    { term: strings.publishDay, details: release.isOngoing ? release.publishDay.description : null },
    { term: strings.ageRating, details: [release.ageRating.label, release.ageRating.description].filter(Boolean).join(" — ") || null },
    { term: strings.status, details: statusOf(release) },
    { term: strings.favorites, details: release.addedInUsersFavorites > 0 ? formatNumber(release.addedInUsersFavorites) : null },
  ];
  return (
    <section aria-labelledby="release-parameters">
      <h2 id="release-parameters" className="sr-only">
        {strings.heading}
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows
          .filter((row) => row.details !== null && row.details !== undefined && row.details !== "")
          .map((row) => (
            <div key={row.term} className="contents">
              <dt className="text-muted">{row.term}</dt>
              <dd>{row.details}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function watchLabel(target: ResumeTarget): string {
  if (target.kind === "start") return releaseStrings.watch;
  const ordinal = formatOrdinal(target.episode.ordinal);
  const episode = ordinal ? releaseStrings.episodeNumber(ordinal) : (target.episode.name ?? releaseStrings.episodes.special);
  return target.kind === "continue" ? releaseStrings.continueAt(episode, formatClock(target.time)) : releaseStrings.continueWith(episode);
}

export function ReleaseHeading({ release, lists, progress }: ReleaseHeadingProps) {
  const title = releaseTitle(release);
  const subtitle = [release.name.english, release.name.alternative].filter((name) => name && name !== title).join(" / ");
  const target =
    release.isBlockedByCopyrights || release.isBlockedByGeo ? null : resumeTarget(sortEpisodes(release.episodes, "asc"), progress);
  return (
    <header className="grid gap-6 sm:grid-cols-[220px_minmax(0,1fr)]">
      <div className="mx-auto w-full max-w-[260px] sm:max-w-none">
        <PosterImage
          image={release.poster}
          alt={`Постер: ${title}`}
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          priority="high"
          sizes="(min-width: 600px) 220px, 260px"
          className="rounded-lg"
        />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <h1 className="text-2xl font-bold leading-tight md:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-muted">{subtitle}</p> : null}
        </div>
        <ul aria-label="Метки" className="flex flex-wrap gap-2">
          {release.ageRating.label ? (
            <Label tone={release.ageRating.isAdult ? "accent" : "neutral"}>{release.ageRating.label}</Label>
          ) : null}
          {release.isOngoing && release.publishDay.description ? (
            <Label>{releaseStrings.labels.publishDay(release.publishDay.description)}</Label>
          ) : null}
          {!release.isOngoing && !release.isInProduction ? <Label>{releaseStrings.labels.completed}</Label> : null}
        </ul>
        <div className="flex flex-wrap items-start gap-2">
          {target ? (
            <Link
              to={episodePath(target.episode.id)}
              className="inline-flex h-10 items-center rounded-md bg-[#C62828] px-5 text-sm font-semibold text-white hover:opacity-90"
            >
              {watchLabel(target)}
            </Link>
          ) : null}
          <ReleaseListControls releaseId={release.id} lists={lists} />
          {release.isOngoing && release.publishDay.value ? (
            // A plain link to the file, not the schedule page's menu: the release page has no JavaScript to spare (decision 0195).
            <a
              href={releaseCalendarPath(release.alias)}
              download
              className="inline-flex h-10 items-center rounded-md border border-line px-4 text-sm hover:bg-surface-raised"
            >
              {releaseStrings.addToCalendar}
            </a>
          ) : null}
          {release.externalPlayer ? (
            <a
              href={release.externalPlayer}
              rel="noopener"
              className="inline-flex h-10 items-center rounded-md border border-line px-4 text-sm hover:bg-surface-raised"
            >
              {releaseStrings.externalPlayer}
            </a>
          ) : null}
        </div>
        {release.notification ? (
          <div
            role="note"
            aria-label={releaseStrings.notification}
            className="rounded-md border-l-4 border-[#C62828] bg-surface px-4 py-3 text-sm"
          >
            {release.notification}
          </div>
        ) : null}
        <ReleaseParameters release={release} />
        {release.description ? (
          <section aria-labelledby="release-description">
            <h2 id="release-description" className="mb-1 text-lg font-semibold">
              {releaseStrings.description}
            </h2>
            <p className="whitespace-pre-line text-sm leading-relaxed">{release.description}</p>
          </section>
        ) : null}
      </div>
    </header>
  );
}
