import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getGenre, getGenreReleases } from "~/.server/api/genres";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { imageSource } from "~/domain/image";
import { assertPageExists, parsePageQuery } from "~/features/sections/page-query.server";
import { PagedReleases } from "~/features/sections/paged-releases";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/features/seo/page-meta";
import { formatCount } from "~/i18n/format";
import { toReleaseCardPage } from "~/domain/release-card";

const strings = sectionStrings.genre;
const GENRE_PAGE_SIZE = 24;

const GenreParamsSchema = z.object({
  genreId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = GenreParamsSchema.safeParse(params);
  if (!parsed.success) throwPageNotFound(request);
  const { genreId } = parsed.data;
  const pageNumber = parsePageQuery(request);
  return withRouteErrors(request, async () => {
    const [genre, page] = await Promise.all([
      getGenre(request, genreId),
      getGenreReleases(request, genreId, { page: pageNumber, limit: GENRE_PAGE_SIZE }),
    ]);
    assertPageExists(request, page.pagination);
    return { genre, page: toReleaseCardPage(page) };
  });
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return pageMeta(args, {});
  const { genre, page } = args.data;
  const poster = page.items[0] ? imageSource(page.items[0].poster) : imageSource(genre.image);
  return pageMeta(args, { title: strings.title(genre.name), description: strings.description(genre.name), image: poster ?? undefined });
};

export default function GenreReleasesPage() {
  const { genre, page } = useLoaderData<typeof loader>();
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
