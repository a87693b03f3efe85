// One genre in the genre list: its picture, name and number of releases.
import { Link } from "@remix-run/react";
import { PosterImage } from "~/components/poster-image";
import type { Genre } from "~/domain/release";
import { formatCount } from "~/i18n/format";
import { genreReleasesPath } from "~/domain/site-paths";
import { useIntentPrefetch } from "~/components/low-data";

/** Genre pictures are 16:9 (240×135 upstream). */
const GENRE_IMAGE_WIDTH = 240;
const GENRE_IMAGE_HEIGHT = 135;

export function GenreCard({ genre, priority }: { genre: Genre; priority: boolean }) {
  const prefetch = useIntentPrefetch();
  return (
    <Link
      to={genreReleasesPath(genre.id)}
      prefetch={prefetch}
      className="group block overflow-hidden rounded-lg bg-surface hover:ring-2 hover:ring-secondary"
    >
      <PosterImage
        image={genre.image}
        alt=""
        width={GENRE_IMAGE_WIDTH}
        height={GENRE_IMAGE_HEIGHT}
        sizes="(min-width: 1280px) 240px, (min-width: 600px) 30vw, 50vw"
        priority={priority}
        className="transition group-hover:opacity-90"
      />
      <span className="block p-3">
        <span className="block font-semibold">{genre.name}</span>
        {genre.totalReleases != null ? (
          <span className="block text-sm text-muted">{formatCount(genre.totalReleases, "releases")}</span>
        ) : null}
      </span>
    </Link>
  );
}
