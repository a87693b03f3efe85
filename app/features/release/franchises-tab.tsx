// The franchises tab: each franchise the release belongs to, with its releases in order and the current one marked.
import { Link } from "@remix-run/react";
import { PosterImage } from "~/components/poster-image";
import { POSTER_HEIGHT, POSTER_WIDTH, releaseMetaLine } from "~/components/release-card/release-card-meta";
import type { FranchiseWithReleases } from "~/domain/franchise";
import { releaseTitle } from "~/domain/release";
import { formatCount } from "~/i18n/format";
import { releasePath } from "~/domain/site-paths";
import { tabStrings } from "./tab-strings";
import { franchisePath } from "~/domain/site-paths";

const strings = tabStrings.franchises;

function orderedReleases(franchise: FranchiseWithReleases) {
  return [...franchise.releases].sort((a, b) => (a.sortOrder ?? Number.MAX_SAFE_INTEGER) - (b.sortOrder ?? Number.MAX_SAFE_INTEGER));
}

export function FranchisesTab({ franchises, currentReleaseId }: { franchises: FranchiseWithReleases[]; currentReleaseId: number }) {
  if (franchises.length === 0)
    return <p className="rounded-lg border border-dashed border-line px-6 py-10 text-center text-sm text-muted">{strings.none}</p>;
  return (
    <div className="flex flex-col gap-8">
      {franchises.map((franchise) => {
        const totals = strings.totals(
          franchise.totalReleases !== null
            ? formatCount(franchise.totalReleases, "releases")
            : formatCount(franchise.releases.length, "releases"),
          franchise.totalEpisodes !== null ? formatCount(franchise.totalEpisodes, "episodes") : null,
        );
        return (
          <section key={franchise.id} aria-labelledby={`franchise-${franchise.id}`}>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <div>
                <h2 id={`franchise-${franchise.id}`} className="text-lg font-semibold">
                  {franchise.name}
                </h2>
                <p className="text-xs text-muted">{[franchise.nameEnglish, totals, franchise.totalDuration].filter(Boolean).join(" · ")}</p>
              </div>
              <Link to={franchisePath(franchise.id)} className="text-sm underline underline-offset-2">
                {strings.open}
              </Link>
            </div>
            <ol className="flex flex-col gap-2">
              {orderedReleases(franchise).map((entry, index) => {
                if (!entry.release) return null;
                const isCurrent = entry.releaseId === currentReleaseId;
                return (
                  <li key={entry.id}>
                    <Link
                      to={releasePath(entry.release.alias)}
                      aria-current={isCurrent ? "page" : undefined}
                      className={`flex items-center gap-3 rounded-md p-2 ${isCurrent ? "bg-surface-raised ring-1 ring-secondary" : "bg-surface hover:bg-surface-raised"}`}
                    >
                      <span className="w-6 shrink-0 text-center text-sm text-muted">{index + 1}</span>
                      <span className="w-12 shrink-0">
                        <PosterImage
                          image={entry.release.poster}
                          alt=""
                          width={POSTER_WIDTH}
                          height={POSTER_HEIGHT}
                          sizes="48px"
                          className="rounded"
                        />
                      </span>
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-semibold">{releaseTitle(entry.release)}</span>
                        <span className="block truncate text-xs text-muted">
                          {isCurrent ? `${strings.current} · ` : null}
                          {releaseMetaLine(entry.release)}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
