// The side column of the release page: the ad slot, the sponsor, recommended releases and the latest in the schedule.
import type { ReactNode } from "react";
import { PathLink } from "~/components/path-link";
import { PosterImage } from "~/components/poster-image";
import { POSTER_HEIGHT, POSTER_WIDTH, releaseMetaLine } from "~/components/release-card/release-card-meta";
import { releaseTitle, type Sponsor } from "~/domain/release";
import { formatOrdinal } from "~/i18n/format";
import { releasePath } from "~/domain/site-paths";
import type { SideReleaseData, SideScheduleEntry } from "./side-releases";
import { releaseStrings } from "./strings";

const strings = releaseStrings.side;

function SideRelease({ release, note }: { release: SideReleaseData; note: string | null }) {
  return (
    <li>
      <PathLink to={releasePath(release.alias)} prefetch="intent" className="flex gap-3 rounded-md p-1 hover:bg-surface-raised">
        <div className="w-14 shrink-0">
          <PosterImage image={release.poster} alt="" width={POSTER_WIDTH} height={POSTER_HEIGHT} sizes="56px" className="rounded" />
        </div>
        <div className="min-w-0 py-0.5">
          <p className="line-clamp-2 text-sm font-semibold leading-snug">{releaseTitle(release)}</p>
          <p className="truncate text-xs text-muted">{note ?? releaseMetaLine(release)}</p>
        </div>
      </PathLink>
    </li>
  );
}

function SideBlock({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-surface p-3">
      <h2 id={id} className="mb-2 px-1 text-base font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * No ad network is wired in: the slot is only marked, hidden, for whoever provides one to fill and show, as the
 * player's is (decision 0032). An empty labelled box would push the blocks below it down for nothing (decision 0255).
 */
export function AdSlot() {
  return <div data-ad-slot="release-content" hidden />;
}

function SponsorBlock({ sponsor }: { sponsor: Sponsor }) {
  return (
    <SideBlock id="release-sponsor" heading={strings.sponsor}>
      <div className="space-y-2 px-1 text-sm">
        <p className="font-semibold">{sponsor.title}</p>
        {sponsor.description ? <p className="text-muted">{sponsor.description}</p> : null}
        {sponsor.url ? (
          <a href={sponsor.url} rel="sponsored noopener" className="inline-block underline underline-offset-2">
            {sponsor.urlTitle ?? strings.sponsorLink}
          </a>
        ) : null}
      </div>
    </SideBlock>
  );
}

type ReleaseSideProps = { sponsor: Sponsor | null; recommended: SideReleaseData[]; latestInSchedule: SideScheduleEntry[]; showAd: boolean };

export function ReleaseSide({ sponsor, recommended, latestInSchedule, showAd }: ReleaseSideProps) {
  return (
    <div className="flex flex-col gap-4">
      {showAd ? <AdSlot /> : null}
      {sponsor ? <SponsorBlock sponsor={sponsor} /> : null}
      {recommended.length > 0 ? (
        <SideBlock id="release-recommended" heading={strings.recommended}>
          <ul className="flex flex-col gap-1">
            {recommended.map((release) => (
              <SideRelease key={release.id} release={release} note={null} />
            ))}
          </ul>
        </SideBlock>
      ) : null}
      {latestInSchedule.length > 0 ? (
        <SideBlock id="release-schedule" heading={strings.schedule}>
          <ul className="flex flex-col gap-1">
            {latestInSchedule.map((entry) => {
              const ordinal = formatOrdinal(entry.publishedOrdinal);
              return <SideRelease key={entry.release.id} release={entry.release} note={ordinal ? strings.episode(ordinal) : null} />;
            })}
          </ul>
        </SideBlock>
      ) : null}
    </div>
  );
}
