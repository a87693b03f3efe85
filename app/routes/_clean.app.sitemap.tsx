import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getCatalogReleases } from "~/.server/api/catalog";
import { getFranchises } from "~/.server/api/franchises";
import { getGenres } from "~/.server/api/genres";
import { withRouteErrors } from "~/.server/route-errors.server";
import { PageLinks } from "~/components/paging/page-links";
import { releaseTitle } from "~/domain/release";
import { franchisePath, genreReleasesPath, releasePath } from "~/domain/site-paths";
import { assertPageExists, parsePageQuery } from "~/features/sections/page-query.server";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/features/seo/page-meta";
import { SITE_SECTIONS } from "~/features/sitemap/site-sections";
import { SitemapLinkSection } from "~/features/sitemap/sitemap-link-section";
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

export default function HtmlSitemapPage() {
  const { genres, franchises, releases } = useLoaderData<typeof loader>();
  const { currentPage, totalPages } = releases.pagination;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold md:text-3xl">{strings.title}</h1>
      <div className="space-y-8">
        <SitemapLinkSection
          id="sitemap-sections"
          heading={strings.sections}
          links={SITE_SECTIONS.map((section) => ({ key: section.path, to: section.path, label: section.label }))}
        />
        <SitemapLinkSection
          id="sitemap-genres"
          heading={strings.genres}
          links={genres.map((genre) => ({ key: genre.id, to: genreReleasesPath(genre.id), label: genre.name }))}
        />
        <SitemapLinkSection
          id="sitemap-franchises"
          heading={strings.franchises}
          wide
          links={franchises.map((franchise) => ({ key: franchise.id, to: franchisePath(franchise.id), label: franchise.name }))}
        />
        <SitemapLinkSection
          id="sitemap-releases"
          heading={strings.releases}
          wide
          intro={totalPages > 1 ? <p className="mb-3 text-sm text-muted">{strings.releasesPage(currentPage, totalPages)}</p> : null}
          links={releases.items.map((release) => ({
            key: release.id,
            to: releasePath(release.alias),
            label: release.title,
            note: release.year ? String(release.year) : null,
          }))}
        >
          <PageLinks pagination={releases.pagination} label={`${strings.releases}: страницы`} />
        </SitemapLinkSection>
      </div>
    </>
  );
}
