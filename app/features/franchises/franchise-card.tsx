// One franchise in the list: poster, names, years and how many releases and episodes it holds.
import { PathLink } from "~/components/path-link";
import { PosterImage } from "~/components/poster-image";
import { POSTER_HEIGHT, POSTER_WIDTH } from "~/components/release-card/release-card-meta";
import type { Franchise } from "~/domain/franchise";
import { formatCount } from "~/i18n/format";
import { franchiseYears } from "./franchise-summary";
import { franchisePath } from "~/domain/site-paths";

export function FranchiseCard({ franchise, priority }: { franchise: Franchise; priority: boolean }) {
  const details = [
    franchiseYears(franchise),
    franchise.totalReleases != null ? formatCount(franchise.totalReleases, "releases") : null,
    franchise.totalEpisodes != null ? formatCount(franchise.totalEpisodes, "episodes") : null,
  ].filter(Boolean);
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg bg-surface">
      <PathLink to={franchisePath(franchise.id)} prefetch="intent" tabIndex={-1} aria-hidden="true">
        <PosterImage
          image={franchise.image}
          alt=""
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          priority={priority}
          className="transition group-hover:opacity-90"
        />
      </PathLink>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 text-sm font-semibold leading-snug">
          <PathLink to={franchisePath(franchise.id)} prefetch="intent" className="hover:underline">
            {franchise.name}
          </PathLink>
        </h2>
        {franchise.nameEnglish ? <p className="line-clamp-1 text-xs text-muted">{franchise.nameEnglish}</p> : null}
        <p className="text-xs text-muted">{details.join(" · ")}</p>
      </div>
    </article>
  );
}
