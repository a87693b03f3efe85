// Genres: the list (cached), one genre, its releases, random genres.
import type { Page } from "~/domain/pagination";
import type { Genre, Release } from "~/domain/release";
import type { ApiContext } from "./context";
import { UpstreamNotFoundError } from "./errors";
import { cachedReference } from "./references";
import { GenreSchema, ReleaseSchema, toGenre, toRelease } from "./release-schema";
import { requestJson } from "./request";
import { listSchema, mapPage, oneSchema, pageSchema } from "./schemas";

export const GenreListSchema = listSchema(GenreSchema);
export const GenreReleasesPageSchema = pageSchema(ReleaseSchema);

export function getGenres(context: ApiContext): Promise<Genre[]> {
  return cachedReference(context, "/anime/genres", GenreListSchema, (genres, mediaOrigin) =>
    genres.map((genre) => toGenre(genre, mediaOrigin)),
  );
}

export async function getGenre(context: ApiContext, genreId: number): Promise<Genre> {
  const path = `/anime/genres/${genreId}`;
  const genre = await requestJson(context, { path }, oneSchema(GenreSchema));
  if (!genre) throw new UpstreamNotFoundError({ method: "GET", path });
  return toGenre(genre, context.mediaOrigin);
}

export async function getGenreReleases(
  context: ApiContext,
  genreId: number,
  paging: { page?: number; limit?: number } = {},
): Promise<Page<Release>> {
  const page = await requestJson(context, { path: `/anime/genres/${genreId}/releases`, query: paging }, GenreReleasesPageSchema);
  return mapPage(page, (release) => toRelease(release, context.mediaOrigin));
}
