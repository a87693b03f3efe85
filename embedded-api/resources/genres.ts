// Genres: the list, one genre, random genres and a genre's releases.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { notFound } from "../http/api-error";
import { pageRequest, paginationFields } from "../http/pagination";
import { integerInput, parseInput } from "../http/validation";
import { releasePage } from "./release-pages";
import { storeOf } from "./store-registry";
import { prepareCached } from "../db/statement-cache";

function genreRow(context: RequestContext) {
  const raw = context.params.genreId ?? "";
  const row = /^\d{1,9}$/.test(raw)
    ? (prepareCached(context.db, "SELECT id, name, image_index FROM genres WHERE id = ?").get(Number(raw)) as
        { id: number; name: string; image_index: number } | undefined)
    : undefined;
  if (!row) throw notFound("Жанр не найден");
  return row;
}

export const genreRoutes: Route[] = [
  {
    method: "GET",
    path: "/anime/genres",
    handler: (context) => {
      const store = storeOf(context.db);
      return store.genreRows().map((row) => store.presentGenre(row));
    },
  },
  {
    method: "GET",
    path: "/anime/genres/random",
    handler: (context) => {
      const { limit } = parseInput(z.object({ limit: integerInput(1, 50).optional() }), context.query);
      const store = storeOf(context.db);
      const rows = prepareCached(context.db, "SELECT id, name, image_index FROM genres ORDER BY random() LIMIT ?").all(limit ?? 8) as {
        id: number;
        name: string;
        image_index: number;
      }[];
      return rows.map((row) => store.presentGenre(row));
    },
  },
  {
    method: "GET",
    path: "/anime/genres/{genreId}",
    handler: (context) => storeOf(context.db).presentGenre(genreRow(context)),
  },
  {
    method: "GET",
    path: "/anime/genres/{genreId}/releases",
    handler: (context) => {
      const genre = genreRow(context);
      const query = parseInput(z.object(paginationFields), context.query);
      return releasePage(context.db, storeOf(context.db), context.url, {
        filter: { genres: [genre.id] },
        page: pageRequest(query),
        includes: { genres: true },
      });
    },
  },
];
