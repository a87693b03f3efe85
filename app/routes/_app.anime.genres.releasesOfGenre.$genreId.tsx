import type { MetaFunction } from "@remix-run/node";
import type { loadGenrePage } from "~/features/genres/genre-pages.server";
import { Link, useLoaderData } from "@remix-run/react";
import { imageSource } from "~/domain/image";
import { PagedReleases } from "~/features/sections/paged-releases";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { formatCount } from "~/i18n/format";

const strings = sectionStrings.genre;

export { loadGenrePage as loader } from "~/features/genres/genre-pages.server";

export const meta: MetaFunction<typeof loadGenrePage> = (args) => {
  if (!args.data) return pageMeta(args, {});
  const { genre, page } = args.data;
  const poster = page.items[0] ? imageSource(page.items[0].poster) : imageSource(genre.image);
  return pageMeta(args, { title: strings.title(genre.name), description: strings.description(genre.name), image: poster ?? undefined });
};

export default function GenreReleasesPage() {
  const { genre, page } = useLoaderData<typeof loadGenrePage>();
  return (
    <>
      <SectionHeading title={strings.title(genre.name)} lead={formatCount(page.pagination.total, "releases")}>
        <Link to="/anime/genres/" className="text-sm font-semibold underline-offset-4 hover:underline">
          ← {strings.back}
        </Link>
      </SectionHeading>
      {page.items.length === 0 ? (
        <p className="text-muted">{strings.empty}</p>
      ) : (
        <PagedReleases page={page} label={strings.listLabel(genre.name)} view="wide" />
      )}
    </>
  );
}
