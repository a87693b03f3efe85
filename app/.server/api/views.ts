// What the user watched: the timecodes of episodes and the viewing history.
import { z } from "zod/v4";
import type { TimecodeEntry, ViewHistoryEntry } from "~/domain/account";
import type { Page } from "~/domain/pagination";
import { readTimecodeWireEntry, toTimecodeWire } from "~/domain/timecode-wire";
import type { ApiContext } from "./context";
import { EpisodeSchema, ReleaseSchema, toEpisode, toRelease } from "./release-schema";
import { requestJson, requestJsonOncePerRequest } from "./request";
import { preferNewerCall } from "./upstream-offers";
import { countNumber, flag, IgnoredBodySchema, listSchema, mapPage, optionalText, pageSchema } from "./schemas";

/** `[[release_episode_id, time_seconds, is_watched], …]` or the document's objects: an item neither form reads fails the answer. */
const TimecodesSchema = listSchema(
  z.unknown().transform((item, context) => {
    const entry = readTimecodeWireEntry(item);
    if (entry === null) context.addIssue({ code: "custom", message: "not a timecode", input: item });
    return entry ?? z.NEVER;
  }),
);

/** `since` (ISO date-time) limits the answer to changes after it. */
export function getTimecodes(context: ApiContext, since?: string): Promise<TimecodeEntry[]> {
  return requestJsonOncePerRequest(context, { path: "/accounts/users/me/views/timecodes", query: { since } }, TimecodesSchema);
}

/**
 * The user's timecodes of one release, by id or alias (the live `/anime/releases/{idOrAlias}/episodes/timecodes`); on
 * an upstream without it, all the account's timecodes: the caller keeps those of the release's episodes either way.
 */
export function getReleaseTimecodes(context: ApiContext, idOrAlias: number | string): Promise<TimecodeEntry[]> {
  const path = `/anime/releases/${encodeURIComponent(String(idOrAlias))}/episodes/timecodes`;
  return preferNewerCall(
    "release timecodes",
    () => requestJson(context, { path }, TimecodesSchema),
    () => getTimecodes(context),
  );
}

/**
 * The live server answers 200 with an empty body; the document, a tuple list. Neither is needed.
 * `keepGreater` asks for `?keep=greater` (the embedded API's extension: the store keeps the greater time and any
 * watched mark in the same write); a server that does not know the parameter ignores it and sets the times as given.
 */
export async function saveTimecodes(context: ApiContext, entries: TimecodeEntry[], options: { keepGreater?: boolean } = {}): Promise<void> {
  const query = options.keepGreater ? { keep: "greater" } : undefined;
  const body = toTimecodeWire(entries);
  await requestJson(context, { method: "POST", path: "/accounts/users/me/views/timecodes", query, body }, IgnoredBodySchema);
}

// ---- history ----------------------------------------------------------------------------------------------

/**
 * The current document's item: a user view `{id, time, user_id, is_watched, updated_at, release_episode_id}` with
 * `release_episode` (the episode with its `release`). Upstreams that predate it sent `release`, `episode` and
 * `viewed_at` beside the view; both are read.
 */
const ViewHistoryPageSchema = pageSchema(
  z
    .object({
      release: ReleaseSchema.nullish(),
      episode: EpisodeSchema.nullish(),
      // Extended, not intersected: an intersection parses `release` on both sides and refuses the pair whenever the
      // release schema changes a value (a protocol-relative player link made https:), losing the whole history.
      release_episode: EpisodeSchema.extend({ release: ReleaseSchema.nullish() }).nullish(),
      time: countNumber,
      is_watched: flag,
      viewed_at: optionalText,
      updated_at: optionalText,
    })
    .passthrough(),
);

export async function getViewHistory(context: ApiContext, paging: { page?: number; limit?: number } = {}): Promise<Page<ViewHistoryEntry>> {
  const page = await requestJson(context, { path: "/accounts/users/me/views/history", query: paging }, ViewHistoryPageSchema);
  return mapPage(page, (entry) => {
    const release = entry.release ?? entry.release_episode?.release;
    const episode = entry.episode ?? entry.release_episode;
    return {
      release: release ? toRelease(release, context.mediaOrigin) : null,
      episode: episode ? toEpisode(episode, context.mediaOrigin) : null,
      time: entry.time,
      isWatched: entry.is_watched,
      viewedAt: entry.viewed_at ?? entry.updated_at,
    };
  });
}
