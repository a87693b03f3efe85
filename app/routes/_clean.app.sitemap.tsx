import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getCatalogReleases } from "~/.server/api/catalog";
import { getFranchises } from "~/.server/api/franchises";
import { getGenres } from "~/.server/api/genres";
import { withRouteErrors } from "~/.server/route-errors.server";
import { PageLinks } from "~/components/paging/page-links";
import { releaseTitle } from "~/domain/release";
import { franchiseHref } from "~/features/franchises/franchise-card";
import { genreHref } from "~/features/genres/genre-card";
import { assertPageExists, parsePageQuery } from "~/features/sections/page-query.server";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/features/seo/page-meta";
import { SITE_SECTIONS } from "~/features/sitemap/site-sections";
import { RELEASES_PER_REQUEST } from "~/features/sitemap/sitemap-xml";

const strings = sectionStrings.sitemap;

export async function loader({ request }: LoaderFunctionArgs) {
  const pageNumber = parsePageQuery(request);
  return withRouteErrors(request, async () => {
    const [genres, franchises, releases] = await Promise.all([
      getGenres(request),
      getFranchises(request),
      getCatalogReleases(request, { page: pageNumber, limit: RELEASES_PER_REQUEST, sorting: "FRESH_AT_DESC" }),
    ]);
    assertPageExists(request, releases.pagination);
    return {
      genres: genres.map((genre) => ({ id: genre.id, name: genre.name })),
      franchises: franchises
        .map((franchise) => ({ id: franchise.id, name: franchise.name }))
        .sort((a, b) => a.name.localeCompare(b.name, "ru")),
      releases: {
        items: releases.items.map((release) => ({
          id: release.id,
          alias: release.alias,
          title: releaseTitle(release),
          year: release.year,
        })),
        pagination: releases.pagination,
      },
    };
  });
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: strings.title, description: strings.description });

const linkClass = "underline-offset-4 hover:underline";

export default function HtmlSitemapPage() {
  const { genres, franchises, releases } = useLoaderData<typeof loader>();
  const { currentPage, totalPages } = releases.pagination;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold md:text-3xl">{strings.title}</h1>
      <div className="space-y-8">
        <section aria-labelledby="sitemap-sections">
          <h2 id="sitemap-sections" className="mb-3 text-xl font-semibold">
            {strings.sections}
          </h2>
          <ul className="columns-2 gap-6 sm:columns-3">
            {SITE_SECTIONS.map((section) => (
              <li key={section.path} className="py-1">
                <Link to={section.path} className={linkClass}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-genres">
          <h2 id="sitemap-genres" className="mb-3 text-xl font-semibold">
            {strings.genres}
          </h2>
          <ul className="columns-2 gap-6 sm:columns-3">
            {genres.map((genre) => (
              <li key={genre.id} className="py-1">
                <Link to={genreHref(genre.id)} className={linkClass}>
                  {genre.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-franchises">
          <h2 id="sitemap-franchises" className="mb-3 text-xl font-semibold">
            {strings.franchises}
          </h2>
          <ul className="columns-1 gap-6 sm:columns-2">
            {franchises.map((franchise) => (
              <li key={franchise.id} className="py-1">
                <Link to={franchiseHref(franchise.id)} className={linkClass}>
                  {franchise.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sitemap-releases">
          <h2 id="sitemap-releases" className="mb-1 text-xl font-semibold">
            {strings.releases}
          </h2>
          {totalPages > 1 ? <p className="mb-3 text-sm text-muted">{strings.releasesPage(currentPage, totalPages)}</p> : null}
          <ul className="columns-1 gap-6 sm:columns-2">
            {releases.items.map((release) => (
              <li key={release.id} className="py-1">
                <Link to={`/anime/releases/release/${release.alias}`} className={linkClass}>
                  {release.title}
                </Link>
                {release.year ? <span className="text-muted"> ({release.year})</span> : null}
              </li>
            ))}
          </ul>
          <PageLinks pagination={releases.pagination} label={`${strings.releases}: страницы`} />
        </section>
      </div>
    </>
  );
}
