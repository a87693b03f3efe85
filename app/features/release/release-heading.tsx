// The top of the release page: poster, title and subtitle, labels, actions, parameters, alert and description.
import type { ReactNode } from "react";
import { PathLink } from "~/components/path-link";
import { PosterImage } from "~/components/poster-image";
import { POSTER_HEIGHT, POSTER_WIDTH } from "~/components/release-card/release-card-meta";
import type { CollectionType } from "~/domain/account";
import { releaseTitle } from "~/domain/release";
import type { BellState } from "~/domain/episode-bell";
import { EpisodeBell } from "~/features/episode-bell/episode-bell";
import { ReleaseListControls } from "~/features/lists/release-list-controls";
import { formatClock, formatEpisodesTotal, formatMinutes, formatOrdinal } from "~/i18n/format";
import { formatNumber } from "~/i18n/number";
import { useRecentOfRelease } from "./episode-progress";
import type { ReleaseProgress } from "./episode-state";
import type { EpisodeRef } from "./episode-pages";
import type { ReleaseSummary } from "./release-page-data";
import { resumeFromRecent, resumeTarget, type ResumeTarget } from "./resume-target";
import { releaseStrings } from "./strings";
import { episodeAfterPath, episodePath, genreReleasesPath, releaseCalendarPath } from "~/domain/site-paths";

type ReleaseHeadingProps = {
  release: ReleaseSummary;
  /** Episodes published so far. */
  episodeCount: number;
  episodeOrder: readonly EpisodeRef[] | null;
  serverResume: ResumeTarget<EpisodeRef> | null;
  /** Null for visitors. */
  accountId: number | null;
  lists: { isFavorite: boolean; collection: CollectionType | null } | null;
  bell: BellState;
  progress: ReleaseProgress;
};

function Label({ children, tone = "neutral" }: { children: string; tone?: "neutral" | "accent" }) {
  const toneClass = tone === "accent" ? "bg-[#C62828] text-white" : "border border-line bg-surface text-ink";
  return <li className={`rounded px-2 py-1 text-xs font-semibold ${toneClass}`}>{children}</li>;
}

function statusOf(release: ReleaseSummary): string {
  if (release.isOngoing) return releaseStrings.labels.ongoing;
  if (release.isInProduction) return releaseStrings.labels.inProduction;
  return releaseStrings.labels.completed;
}

/** The release on Shikimori and MyAnimeList, with its score there; addresses built from the ids, not taken from the upstream. */
function ExternalListings({ release }: { release: ReleaseSummary }) {
  const listings = [
    { site: "Shikimori", listing: release.shikimori, href: (id: number) => `https://shikimori.io/animes/${id}` },
    { site: "MyAnimeList", listing: release.mal, href: (id: number) => `https://myanimelist.net/anime/${id}` },
  ].flatMap(({ site, listing, href }) => (listing ? [{ site, href: href(listing.id), rating: listing.rating }] : []));
  if (listings.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {listings.map(({ site, href, rating }) => (
        <li key={site}>
          <a href={href} rel="noopener noreferrer" className="underline decoration-line underline-offset-2 hover:decoration-current">
            {site}
          </a>
          {rating ? <span className="text-muted"> {releaseStrings.parameters.rating(formatNumber(rating, 2))}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function ReleaseParameters({ release, published }: { release: ReleaseSummary; published: number }) {
  const strings = releaseStrings.parameters;
  const episodes = formatEpisodesTotal(release, published);
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
                <PathLink
                  to={genreReleasesPath(genre.id)}
                  className="underline decoration-line underline-offset-2 hover:decoration-current"
                >
                  {genre.name}
                </PathLink>
                {index < release.genres.length - 1 ? "," : null}
              </li>
            ))}
          </ul>
        ) : null,
    },
    { term: strings.episodes, details: episodes },
    { term: strings.duration, details: release.averageDurationOfEpisode ? formatMinutes(release.averageDurationOfEpisode * 60) : null },
    { term: strings.publishDay, details: release.isOngoing ? release.publishDay.description : null },
    { term: strings.ageRating, details: [release.ageRating.label, release.ageRating.description].filter(Boolean).join(" — ") || null },
    { term: strings.status, details: statusOf(release) },
    { term: strings.favorites, details: release.addedInUsersFavorites > 0 ? formatNumber(release.addedInUsersFavorites) : null },
    { term: strings.elsewhere, details: <ExternalListings release={release} /> },
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

function watchLabel(target: ResumeTarget<EpisodeRef>): string {
  if (target.kind === "start") return releaseStrings.watch;
  if (target.kind === "after") return releaseStrings.continueAfter;
  const ordinal = formatOrdinal(target.episode.ordinal);
  const episode = ordinal ? releaseStrings.episodeNumber(ordinal) : (target.episode.name ?? releaseStrings.episodes.special);
  if (target.kind === "continue") return releaseStrings.continueAt(episode, formatClock(target.time));
  return releaseStrings.continueWith(episode);
}

/** Whole list on the page: the furthest progress in it; a long release: the server's answer or this browser's last episode. */
function useWatchTarget({
  release,
  episodeOrder,
  serverResume,
  accountId,
  progress,
}: ReleaseHeadingProps): ResumeTarget<EpisodeRef> | null {
  const recent = useRecentOfRelease(release.id, episodeOrder === null && accountId === null);
  if (release.isBlockedByCopyrights || release.isBlockedByGeo) return null;
  if (episodeOrder) return resumeTarget(episodeOrder, progress);
  return resumeFromRecent(recent, serverResume);
}

export function ReleaseHeading(props: ReleaseHeadingProps) {
  const { release, episodeCount, lists, bell } = props;
  const title = releaseTitle(release);
  const subtitle = [release.name.english, release.name.alternative].filter((name) => name && name !== title).join(" / ");
  const target = useWatchTarget(props);
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
            <PathLink
              to={target.kind === "after" ? episodeAfterPath(target.episode.id) : episodePath(target.episode.id)}
              className="inline-flex h-10 items-center rounded-md bg-[#C62828] px-5 text-sm font-semibold text-white hover:opacity-90"
            >
              {watchLabel(target)}
            </PathLink>
          ) : null}
          <ReleaseListControls releaseId={release.id} lists={lists} />
          <EpisodeBell bell={bell} />
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
        <ReleaseParameters release={release} published={episodeCount} />
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
