import type { MetaFunction } from "@remix-run/node";
import type { loadSitemapPage } from "~/features/sitemap/sitemap.server";
import { useLoaderData } from "@remix-run/react";
import { PageLinks } from "~/shared/paging/page-links";
import { franchisePath, genreReleasesPath, releasePath } from "~/domain/site-paths";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { SITE_SECTIONS } from "~/features/sitemap/site-sections";
import { SitemapLinkSection } from "~/features/sitemap/sitemap-link-section";

const strings = sectionStrings.sitemap;

export { loadSitemapPage as loader } from "~/features/sitemap/sitemap.server";

export const meta: MetaFunction<typeof loadSitemapPage> = (args) =>
  pageMeta(args, { title: strings.title, description: strings.description });

export default function HtmlSitemapPage() {
  const { genres, franchises, releases } = useLoaderData<typeof loadSitemapPage>();
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
