// The episodes tab: list or previews, ascending or descending, with watch progress and the blocked / empty placeholders.
import { Link, useLocation } from "@remix-run/react";
import { PathLink } from "~/components/path-link";
import { PosterImage } from "~/components/poster-image";
import { formatClock, formatCount, formatDate, formatMinutes, formatOrdinal } from "~/i18n/format";
import { EPISODES_PER_PAGE, type EpisodePageLink, type EpisodeRef } from "./episode-pages";
import { episodesHref, type EpisodeListItem, type EpisodesDisplay, type EpisodesTabData } from "./episodes-view";
import { useReleasePageData, type ReleaseSummary } from "./release-page-data";
import { episodeState, progressPercent, useReleaseOutletProgress, type EpisodeProgress } from "./episode-state";
import { releaseStrings } from "./strings";
import { episodePath, saveOfflinePath } from "~/domain/site-paths";

const strings = releaseStrings.episodes;

function Placeholder({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="rounded-lg border border-dashed border-line px-6 py-10 text-center" data-placeholder="">
      <h2 className="text-lg font-semibold">{heading}</h2>
      <p className="mt-2 text-sm text-muted">{text}</p>
    </div>
  );
}

function episodeHeading(episode: Pick<EpisodeListItem, "ordinal">): string {
  const ordinal = formatOrdinal(episode.ordinal);
  return ordinal ? strings.episode(ordinal) : strings.special;
}

function ProgressBar({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <>
      {/* A watched episode already says so in its visible mark. */}
      {percent < 100 ? <span className="sr-only">{strings.progress(percent)}</span> : null}
      <span aria-hidden="true" className="block h-1 overflow-hidden rounded bg-surface-raised">
        <span className="block h-full bg-secondary" style={{ width: `${percent}%` }} />
      </span>
    </>
  );
}

/** "Просмотрено" or "Остановились на 16:40": the mark beside an episode, or null without progress. */
function progressMark(progress: EpisodeProgress | undefined): string | null {
  const state = episodeState(progress);
  if (state === "watched") return strings.watched;
  return state === "in-progress" ? strings.inProgress(formatClock(progress!.time)) : null;
}

/** To the player with the "save for offline" picker open; only for episodes our player streams. */
function SaveLink({ episode, className }: { episode: EpisodeListItem; className: string }) {
  if (!episode.canSaveOffline) return null;
  return (
    <PathLink to={saveOfflinePath(episode.id)} className={className} aria-label={strings.saveLabel(episodeHeading(episode))}>
      {strings.save}
    </PathLink>
  );
}

function EpisodeRow({ episode, progress }: { episode: EpisodeListItem; progress: EpisodeProgress | undefined }) {
  const percent = progressPercent(progress, episode.duration);
  const mark = progressMark(progress);
  const details = [formatMinutes(episode.duration), formatDate(episode.updatedAt)].filter(Boolean).join(" · ");
  return (
    <li data-progress={episodeState(progress) ?? undefined} className="flex gap-2">
      <PathLink
        to={episodePath(episode.id)}
        className="flex flex-1 flex-col gap-1.5 rounded-md bg-surface px-4 py-3 hover:bg-surface-raised"
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-4">
          <span className="font-semibold">
            {episodeHeading(episode)}
            {episode.name ? <span className="font-normal text-muted"> — {episode.name}</span> : null}
          </span>
          <span className="text-xs text-muted">
            {mark ? `${mark} · ` : null}
            {details}
          </span>
        </span>
        <ProgressBar percent={percent} />
      </PathLink>
      <SaveLink
        episode={episode}
        className="grid place-items-center rounded-md bg-surface px-3 text-xs text-muted hover:bg-surface-raised"
      />
    </li>
  );
}

function EpisodePreview({ episode, progress }: { episode: EpisodeListItem; progress: EpisodeProgress | undefined }) {
  const percent = progressPercent(progress, episode.duration);
  const mark = progressMark(progress);
  return (
    <li data-progress={episodeState(progress) ?? undefined}>
      <PathLink to={episodePath(episode.id)} className="group block overflow-hidden rounded-md bg-surface hover:bg-surface-raised">
        {episode.preview ? (
          <PosterImage
            image={episode.preview}
            alt=""
            width={640}
            height={360}
            sizes="(min-width: 960px) 260px, (min-width: 600px) 45vw, 90vw"
            className="group-hover:opacity-90"
          />
        ) : null}
        <span className="flex flex-col gap-1 p-2">
          <span className="text-sm font-semibold">{episodeHeading(episode)}</span>
          {episode.name ? <span className="line-clamp-1 text-xs text-muted">{episode.name}</span> : null}
          {mark ? <span className="text-xs text-muted">{mark}</span> : null}
          <ProgressBar percent={percent} />
        </span>
      </PathLink>
      <SaveLink episode={episode} className="mt-1 inline-block text-xs text-muted underline" />
    </li>
  );
}

function ViewChoiceLinks({ label, options }: { label: string; options: { href: string; text: string; current: boolean }[] }) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-md border border-line">
      {options.map((option) => (
        <Link
          key={option.text}
          to={option.href}
          preventScrollReset
          replace
          aria-current={option.current ? "true" : undefined}
          className={`px-3 py-1.5 text-sm ${option.current ? "bg-primary font-semibold text-page" : "hover:bg-surface-raised"}`}
        >
          {option.text}
        </Link>
      ))}
    </div>
  );
}

function placeholderOf(release: ReleaseSummary, published: number): { heading: string; text: string } | null {
  if (release.isBlockedByCopyrights) return { heading: strings.copyrightBlockedHeading, text: strings.copyrightBlocked };
  if (release.isBlockedByGeo) return { heading: strings.geoBlockedHeading, text: strings.geoBlocked };
  if (published === 0) {
    const expected =
      release.episodesTotal && !release.episodesAreUnknown ? ` ${strings.expected(formatCount(release.episodesTotal, "episodes"))}` : "";
    return { heading: strings.noneHeading, text: `${strings.none}${expected}` };
  }
  return null;
}

function refLabel(episode: EpisodeRef, position: number): string {
  return formatOrdinal(episode.ordinal) ?? String(position);
}

/** "1–100", "101–200"…: each page named by its first and last episode, in the order shown. */
type PageLinksProps = { pages: readonly EpisodePageLink[]; current: number; href(page: number): string; label: string };

function EpisodePageLinks({ pages, current, href, label }: PageLinksProps) {
  if (pages.length < 2) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {pages.map((link) => {
          const firstPosition = (link.page - 1) * EPISODES_PER_PAGE + 1;
          const text = strings.pageRange(refLabel(link.first, firstPosition), refLabel(link.last, firstPosition));
          const isCurrent = link.page === current;
          return (
            <li key={link.page}>
              <Link
                to={href(link.page)}
                preventScrollReset
                aria-current={isCurrent ? "page" : undefined}
                className={`inline-flex min-h-8 items-center rounded-md border border-line px-3 text-sm ${
                  isCurrent ? "bg-primary font-semibold text-page" : "hover:bg-surface-raised"
                }`}
              >
                {text}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function EpisodesTab({ data }: { data: EpisodesTabData }) {
  const { release } = useReleasePageData();
  const location = useLocation();
  const progress = useReleaseOutletProgress();
  const { display, episodes, paging } = data;
  const placeholder = placeholderOf(release, paging.total);
  if (placeholder) return <Placeholder {...placeholder} />;
  const href = (change: Partial<EpisodesDisplay>) => episodesHref(location.pathname, location.search, change);
  const pageLinks = (label: string) => (
    <EpisodePageLinks pages={paging.pages} current={paging.page} href={(page) => href({ page })} label={label} />
  );
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">{releaseStrings.tabs.episodes}</h2>
      <div className="flex flex-wrap items-center gap-3">
        <ViewChoiceLinks
          label={strings.viewLabel}
          options={[
            { href: href({ view: "list" }), text: strings.list, current: display.view === "list" },
            { href: href({ view: "previews" }), text: strings.previews, current: display.view === "previews" },
          ]}
        />
        <ViewChoiceLinks
          label={strings.sortLabel}
          options={[
            { href: href({ sort: "asc" }), text: strings.ascending, current: display.sort === "asc" },
            { href: href({ sort: "desc" }), text: strings.descending, current: display.sort === "desc" },
          ]}
        />
      </div>
      {pageLinks(strings.pagesLabel)}
      {display.view === "list" ? (
        <ol className="flex flex-col gap-2" aria-label={releaseStrings.tabs.episodes}>
          {episodes.map((episode) => (
            <EpisodeRow key={episode.id} episode={episode} progress={progress.get(episode.id)} />
          ))}
        </ol>
      ) : (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3" aria-label={releaseStrings.tabs.episodes}>
          {episodes.map((episode) => (
            <EpisodePreview key={episode.id} episode={episode} progress={progress.get(episode.id)} />
          ))}
        </ol>
      )}
      {pageLinks(strings.pagesBelowLabel)}
    </div>
  );
}
