// What a user watched, read by episode, by release and as a history: the "user view" of the current document
// ({id, time, user_id, is_watched, updated_at, release_episode_id}). Writes are in timecodes.ts.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { notFound } from "../http/api-error";
import { pageRequest, paged, paginationFields } from "../http/pagination";
import { parseInput } from "../http/validation";
import { storeOf } from "../resources/store-registry";
import type { EpisodeRow } from "../db/rows";
import { prepareCached } from "../db/statement-cache";

/** A timecode row with the number that stands for it as the view's `id` (the table is keyed by user and episode). */
interface ViewRow {
  view_id: number;
  episode_id: string;
  time: number;
  is_watched: number;
  updated_at: string;
}

/**
 * The view's `id`: the table has no number of its own, so the episode's row number stands in for it (unique per
 * user, stable while the episode exists).
 */
const VIEW_SELECT = `SELECT e.rowid AS view_id, t.episode_id, t.time, t.is_watched, t.updated_at
  FROM timecodes t JOIN episodes e ON e.id = t.episode_id`;

function presentView(row: ViewRow, userId: number): Record<string, unknown> {
  return {
    id: row.view_id,
    // The document types it as an integer here (the timecode tuples carry the exact number).
    time: Math.floor(row.time),
    user_id: userId,
    is_watched: row.is_watched === 1,
    updated_at: row.updated_at,
    release_episode_id: row.episode_id,
  };
}

function releaseRowOf(context: RequestContext) {
  const row = storeOf(context.db).findReleaseRow(context.params.idOrAlias ?? "");
  if (!row) throw notFound("Релиз не найден");
  return row;
}

export const userViewRoutes: Route[] = [
  {
    method: "GET",
    path: "/anime/releases/episodes/{releaseEpisodeId}/timecode",
    handler: (context) => {
      const { user } = context.requireUser();
      const episodeId = context.params.releaseEpisodeId ?? "";
      if (!prepareCached(context.db, "SELECT 1 FROM episodes WHERE id = ?").get(episodeId)) throw notFound("Эпизод не найден");
      const row = prepareCached(context.db, `${VIEW_SELECT} WHERE t.user_id = ? AND t.episode_id = ?`).get(user.id, episodeId) as
        ViewRow | undefined;
      if (!row) throw notFound("Эпизод ещё не просмотрен");
      return presentView(row, user.id);
    },
  },
  {
    method: "GET",
    path: "/anime/releases/{idOrAlias}/episodes/timecodes",
    handler: (context) => {
      const { user } = context.requireUser();
      const release = releaseRowOf(context);
      const rows = prepareCached(context.db, `${VIEW_SELECT} WHERE t.user_id = ? AND e.release_id = ? ORDER BY e.sort_order`).all(
        user.id,
        release.id,
      ) as ViewRow[];
      return rows.map((row) => presentView(row, user.id));
    },
  },
  {
    method: "GET",
    path: "/accounts/users/me/views/history",
    // One entry per release, its most recently watched episode, newest first; each a user view with
    // `release_episode` (the episode with its `release`), as the current document has it.
    handler: (context) => {
      const { user } = context.requireUser();
      const page = pageRequest(parseInput(z.object(paginationFields), context.query));
      const latestPerRelease = `
        SELECT e.release_id, e.rowid AS view_id, t.episode_id, t.time, t.is_watched, t.updated_at,
               ROW_NUMBER() OVER (PARTITION BY e.release_id ORDER BY t.updated_at DESC, e.sort_order DESC) AS position
        FROM timecodes t JOIN episodes e ON e.id = t.episode_id WHERE t.user_id = ?`;
      const total = prepareCached(
        context.db,
        "SELECT COUNT(DISTINCT e.release_id) FROM timecodes t JOIN episodes e ON e.id = t.episode_id WHERE t.user_id = ?",
      )
        .pluck()
        .get(user.id) as number;
      const rows = prepareCached(
        context.db,
        `SELECT * FROM (${latestPerRelease}) WHERE position = 1 ORDER BY updated_at DESC, release_id DESC LIMIT ? OFFSET ?`,
      ).all(user.id, page.limit, page.offset) as (ViewRow & { release_id: number })[];
      const store = storeOf(context.db);
      const releases = new Map(
        store
          .present(
            rows.map((row) => row.release_id),
            context.origin,
          )
          .map((release) => [release.id, release]),
      );
      const episode = prepareCached(context.db, "SELECT * FROM episodes WHERE id = ?");
      const items = rows.map((row) => ({
        ...presentView(row, user.id),
        release_episode: {
          ...store.presentEpisode(episode.get(row.episode_id) as EpisodeRow, { id: row.release_id }, context.origin),
          release: releases.get(row.release_id) ?? null,
        },
      }));
      return paged(items, total, page, context.url);
    },
  },
];
