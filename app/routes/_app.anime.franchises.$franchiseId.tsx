import type { MetaFunction } from "@remix-run/node";
import type { loadFranchisePage } from "~/features/franchises/franchise-pages.server";
import { Link, useLoaderData } from "@remix-run/react";
import { PosterImage } from "~/components/poster-image";
import { POSTER_HEIGHT, POSTER_WIDTH } from "~/components/release-card/release-card-meta";
import { ReleaseWideCard } from "~/components/release-card/release-wide-card";
import { imageSource } from "~/domain/image";
import { franchiseDuration, franchiseYears } from "~/features/franchises/franchise-summary";
import { sectionStrings } from "~/features/sections/strings";
import { formatNumber } from "~/i18n/number";
import { pageMeta } from "~/shared/seo/page-meta";

const strings = sectionStrings.franchise;

/** Franchise ids are UUIDs upstream; anything else cannot exist and is a 404 without asking. */

export { loadFranchisePage as loader } from "~/features/franchises/franchise-pages.server";

export const meta: MetaFunction<typeof loadFranchisePage> = (args) => {
  if (!args.data) return pageMeta(args, {});
  const { franchise } = args.data;
  return pageMeta(args, {
    title: franchise.name,
    description: strings.description(franchise.name),
    image: imageSource(franchise.image) ?? undefined,
  });
};

export default function FranchisePage() {
  const { franchise } = useLoaderData<typeof loadFranchisePage>();
  const totals = [
    { term: strings.releases, value: franchise.totalReleases ?? franchise.releases.length },
    { term: strings.episodes, value: franchise.totalEpisodes },
    { term: strings.duration, value: franchiseDuration(franchise) },
    { term: strings.years, value: franchiseYears(franchise) },
    { term: strings.rating, value: franchise.rating == null ? null : formatNumber(franchise.rating, 2) },
  ].filter((total) => total.value != null);
  return (
    <>
      <Link to="/anime/franchises/" className="text-sm font-semibold underline-offset-4 hover:underline">
        ← {strings.back}
      </Link>
      <header className="mt-4 flex flex-col gap-6 sm:flex-row">
        <div className="w-40 shrink-0 overflow-hidden rounded-lg sm:w-48">
          <PosterImage image={franchise.image} alt="" width={POSTER_WIDTH} height={POSTER_HEIGHT} sizes="192px" priority />
        </div>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold md:text-3xl">{franchise.name}</h1>
          {franchise.nameEnglish ? <p className="mt-1 text-muted">{franchise.nameEnglish}</p> : null}
          <h2 className="sr-only">{strings.totals}</h2>
          <dl className="mt-4 grid grid-cols-2 gap-x-8 gap-y-3 sm:grid-cols-3">
            {totals.map((total) => (
              <div key={total.term}>
                <dt className="text-xs uppercase tracking-wide text-muted">{total.term}</dt>
                <dd className="text-lg font-semibold">{total.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>
      <section aria-labelledby="watch-order" className="mt-8">
        <h2 id="watch-order" className="mb-4 text-xl font-semibold">
          {strings.releasesHeading}
        </h2>
        <ol className="grid grid-cols-1 gap-2 lg:grid-cols-2">
          {franchise.releases.map((entry, index) => (
            <li key={entry.id} className="flex items-center gap-2">
              <span aria-hidden="true" className="w-8 shrink-0 text-center text-lg font-bold text-muted">
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                {entry.release ? (
                  <ReleaseWideCard release={entry.release} />
                ) : (
                  <p className="m-1.5 rounded-lg bg-surface p-4 text-muted">{strings.unavailable}</p>
                )}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
