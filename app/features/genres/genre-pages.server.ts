// The genre list and one genre's releases, page by page.
import { z } from "zod";
import type { RequestArgs } from "~/.server/load-context.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { toReleaseCardPage } from "~/domain/release-card";
import { assertPageExists, assertSinglePageList } from "~/shared/paging/page-exists.server";
import { parsePageQuery } from "~/shared/paging/page-query.server";

const GENRE_PAGE_SIZE = 24;

const GenreParamsSchema = z.object({
  genreId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
});

export function loadGenreList(args: RequestArgs) {
  assertSinglePageList(args.request);
  return withRouteErrors(args.request, async () => ({ genres: await args.context.api.genres.list() }));
}

export function loadGenrePage(args: RequestArgs & { params: Record<string, string | undefined> }) {
  const { request } = args;
  const parsed = GenreParamsSchema.safeParse(args.params);
  if (!parsed.success) throwPageNotFound(request);
  const { genreId } = parsed.data;
  const pageNumber = parsePageQuery(request);
  const { api } = args.context;
  return withRouteErrors(request, async () => {
    const [genre, page] = await Promise.all([
      api.genres.get(genreId),
      api.genres.releases(genreId, { page: pageNumber, limit: GENRE_PAGE_SIZE }),
    ]);
    assertPageExists(request, page.pagination);
    return { genre, page: toReleaseCardPage(page) };
  });
}
