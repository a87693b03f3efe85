// Watch progress per episode (timecodes); the reads by episode, by release and the history are in user-views.ts.
import { z } from "zod";
import type { Route } from "../http/router";
import { validationFailed, type FieldErrors } from "../http/api-error";
import { booleanInput, parseInput } from "../http/validation";
import { MAX_BATCH } from "./release-ids-input";
import { prepareCached } from "../db/statement-cache";

const episodeIdField = z.string().uuid().max(36);
const TimecodeUpdatesSchema = z
  .array(
    z.object({
      time: z.number().finite().min(0).max(1_000_000),
      is_watched: booleanInput,
      release_episode_id: episodeIdField,
    }),
  )
  .max(MAX_BATCH);
const TimecodeDeletionsSchema = z.array(z.object({ release_episode_id: episodeIdField })).max(MAX_BATCH);

/** `since`: an ISO 8601 date-time or Unix seconds. */
const SinceSchema = z.object({
  since: z
    .string()
    .max(40)
    .transform((value, context) => {
      const time = /^\d{1,12}$/.test(value) ? Number(value) * 1000 : Date.parse(value);
      if (Number.isNaN(time)) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: "Поле since должно быть датой ISO 8601 или Unix-временем.",
        });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    })
    .optional(),
});

/**
 * Beyond the document: `?keep=greater` makes the write a merge that never lowers a saved time nor unmarks a
 * watched episode, in the same statement that writes (a data import racing the player, decision 0249). Without it a
 * save sets the time as given, as the live server does: the player may rewind on purpose.
 */
const TimecodeWriteModeSchema = z.object({ keep: z.literal("greater").optional() }).passthrough();

const SET_AS_GIVEN = `INSERT INTO timecodes (user_id, episode_id, time, is_watched, updated_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (user_id, episode_id) DO UPDATE SET time = excluded.time, is_watched = excluded.is_watched,
    updated_at = excluded.updated_at`;
const KEEP_GREATER = `INSERT INTO timecodes (user_id, episode_id, time, is_watched, updated_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (user_id, episode_id) DO UPDATE SET time = MAX(timecodes.time, excluded.time),
    is_watched = MAX(timecodes.is_watched, excluded.is_watched), updated_at = excluded.updated_at
  WHERE excluded.time > timecodes.time OR excluded.is_watched > timecodes.is_watched`;

const emptyOk = (): Response => new Response(null, { status: 200 });

export const timecodeRoutes: Route[] = [
  {
    method: "GET",
    path: "/accounts/users/me/views/timecodes",
    handler: (context) => {
      const { user } = context.requireUser();
      const { since } = parseInput(SinceSchema, context.query);
      const rows = prepareCached(
        context.db,
        `SELECT episode_id, time, is_watched FROM timecodes WHERE user_id = ? ${since ? "AND updated_at > ?" : ""}
           ORDER BY updated_at, episode_id`,
      ).all(...(since ? [user.id, since] : [user.id])) as { episode_id: string; time: number; is_watched: number }[];
      return rows.map((row) => [row.episode_id, row.time, row.is_watched === 1]);
    },
  },
  {
    method: "POST",
    path: "/accounts/users/me/views/timecodes",
    // The live server answers 200 with an empty body, not the documented tuple list (docs/upstream.md#quirks).
    handler: async (context) => {
      const { user } = context.requireUser();
      const { keep } = parseInput(TimecodeWriteModeSchema, context.query);
      const items = parseInput(TimecodeUpdatesSchema, await context.json());
      const exists = context.db.prepare("SELECT 1 FROM episodes WHERE id = ?");
      const errors: FieldErrors = {};
      items.forEach((item, index) => {
        if (!exists.get(item.release_episode_id)) errors[`${index}.release_episode_id`] = ["Эпизод не найден."];
      });
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const upsert = prepareCached(context.db, keep === "greater" ? KEEP_GREATER : SET_AS_GIVEN);
      const now = context.now().toISOString();
      context.db.transaction(() => {
        for (const item of items) upsert.run(user.id, item.release_episode_id, item.time, item.is_watched ? 1 : 0, now);
      })();
      return emptyOk();
    },
  },
  {
    method: "DELETE",
    path: "/accounts/users/me/views/timecodes",
    handler: async (context) => {
      const { user } = context.requireUser();
      const items = parseInput(TimecodeDeletionsSchema, await context.json());
      const remove = context.db.prepare("DELETE FROM timecodes WHERE user_id = ? AND episode_id = ?");
      context.db.transaction(() => {
        for (const item of items) remove.run(user.id, item.release_episode_id);
      })();
      return emptyOk();
    },
  },
];
