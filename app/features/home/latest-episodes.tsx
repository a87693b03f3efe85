// The newest releases with the episode that just came out, linked straight to the player.
import { Link } from "@remix-run/react";
import { listPriority } from "~/components/poster-image";
import { ReleaseCard } from "~/components/release-card/release-card";
import type { ReleaseCardData } from "~/domain/release-card";
import { formatOrdinal, watchEpisodeLabel } from "~/i18n/format";

/** Two rows of a phone's two columns: later cards are laid out when scrolled near. */
const FIRST_SCREEN_CARDS = 4;

export function LatestEpisodes({ releases }: { releases: ReleaseCardData[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {releases.map((release, index) => {
        const episode = release.latestEpisode;
        const ordinal = episode ? formatOrdinal(episode.ordinal) : null;
        const note =
          episode && ordinal !== null ? (
            <Link to={`/anime/video/episode/${episode.id}`} className="relative z-10 inline-block py-1 underline hover:text-ink">
              {watchEpisodeLabel(ordinal)}
            </Link>
          ) : undefined;
        return (
          <li key={release.id} className={index >= FIRST_SCREEN_CARDS ? "render-when-near-poster" : undefined}>
            <ReleaseCard release={release} priority={listPriority(index, 6)} note={note} />
          </li>
        );
      })}
    </ul>
  );
}
