// Releases: one release, lists by ids/aliases, latest, random, members, episodes and quick search.
import { z } from "zod";
import type { Route } from "../http/router";
import { notFound, validationFailed } from "../http/api-error";
import { paginationFields, pageRequest, paged } from "../http/pagination";
import { integerInput, listInput, parseInput } from "../http/validation";
import type { EpisodeRow, ReleaseRow } from "../db/rows";
import { survivingFields } from "../http/field-selection";
import type { RequestContext } from "../http/context";
import { sharedGenreCount } from "./genre-mask";
import { prepareCached } from "../db/statement-cache";
import { searchCondition, TITLE_TEXT_JOINS } from "./release-filters";
import { relevanceOrder } from "./word-search";
import { storeOf } from "./store-registry";
import { EPISODE_FIELD_NAMES, type ReleaseIncludes } from "./release-store";

const LimitSchema = (fallback: number) => z.object({ limit: integerInput(1, 50).optional() }).transform((query) => query.limit ?? fallback);

const ReleaseListSchema = z.object({
  ...paginationFields,
  ids: listInput(integerInput(1, Number.MAX_SAFE_INTEGER)).optional(),
  aliases: listInput(z.string().max(200)).optional(),
});

const RecommendedSchema = z.object({
  limit: integerInput(1, 50).optional(),
  release_id: integerInput(1, Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * Candidates for a release's recommendations: the most favourited releases that share a genre with it. Bounded, so
 * the benchmark's 50,000 releases cost what the demo's 300 do (the rating index is read in order until enough
 * match); they are then ranked by how many genres they share.
 */
const SIMILAR_CANDIDATES = `SELECT id, genre_mask FROM releases WHERE (genre_mask & ?) != 0 AND id <> ?
  ORDER BY added_in_users_favorites DESC, id DESC LIMIT ?`;
const RECOMMENDATION_CANDIDATES = 200;

function similarReleaseIds(context: RequestContext, release: ReleaseRow, limit: number): number[] {
  const candidates = prepareCached(context.db, SIMILAR_CANDIDATES).all(release.genre_mask, release.id, RECOMMENDATION_CANDIDATES) as {
    id: number;
    genre_mask: number | bigint;
  }[];
  return candidates
    .map((candidate, position) => ({ id: candidate.id, shared: sharedGenreCount(candidate.genre_mask, release.genre_mask), position }))
    .sort((left, right) => right.shared - left.shared || left.position - right.position)
    .slice(0, limit)
    .map((candidate) => candidate.id);
}

const SearchSchema = z.object({ query: z.string().trim().min(1).max(200) });

const fullRelease = { genres: true, members: true, episodes: true, torrents: true } as const;
const oneRelease = { ...fullRelease, backgroundCovers: true } as const;

/**
 * What of `includes` the request's field selection can leave: the episode fields it drops are neither read nor
 * built, the members and torrents it drops not read (a list of releases asked for its episodes' places reads 6 of
 * their 16 columns). The selection still applies to the answer afterwards.
 */
function selectedIncludes(context: RequestContext, includes: ReleaseIncludes): ReleaseIncludes {
  const include = context.url.searchParams.get("include");
  const exclude = context.url.searchParams.get("exclude");
  if (!include && !exclude) return includes;
  const left = (key: string) => survivingFields(include, exclude, key, []) !== null;
  const episodeFields = survivingFields(include, exclude, "episodes", EPISODE_FIELD_NAMES);
  return {
    ...includes,
    episodes: includes.episodes && episodeFields !== null,
    ...(episodeFields ? { episodeFields } : {}),
    members: includes.members && left("members"),
    torrents: includes.torrents && left("torrents"),
  };
}

export const releaseRoutes: Route[] = [
  {
    method: "GET",
    path: "/anime/releases/latest",
    handler: (context) => {
      const limit = parseInput(LimitSchema(14), context.query);
      const ids = prepareCached(
        context.db,
        `SELECT r.id FROM releases r WHERE EXISTS (SELECT 1 FROM episodes e WHERE e.release_id = r.id)
           ORDER BY r.fresh_at DESC, r.id DESC LIMIT ?`,
      )
        .pluck()
        .all(limit) as number[];
      return storeOf(context.db).present(ids, context.origin, { genres: true, latestEpisode: true });
    },
  },
  {
    method: "GET",
    path: "/anime/releases/random",
    handler: (context) => {
      const limit = parseInput(LimitSchema(5), context.query);
      const ids = prepareCached(context.db, "SELECT id FROM releases ORDER BY random() LIMIT ?").pluck().all(limit) as number[];
      return storeOf(context.db).present(ids, context.origin, { backgroundCovers: true });
    },
  },
  {
    method: "GET",
    path: "/anime/releases/recommended",
    // `release_id`: recommendations for that release (shared genres); without it, the most favourited releases.
    handler: (context) => {
      const query = parseInput(RecommendedSchema, context.query);
      const limit = query.limit ?? 10;
      const store = storeOf(context.db);
      let ids: number[];
      if (query.release_id !== undefined) {
        const [release] = store.releaseRowsByIds([query.release_id]);
        if (!release) throw notFound("Релиз не найден");
        ids = similarReleaseIds(context, release, limit);
      } else {
        ids = prepareCached(context.db, "SELECT id FROM releases ORDER BY added_in_users_favorites DESC, id DESC LIMIT ?")
          .pluck()
          .all(limit) as number[];
      }
      return store.present(ids, context.origin, { genres: true });
    },
  },
  {
    method: "GET",
    path: "/anime/releases/list",
    handler: (context) => {
      const query = parseInput(ReleaseListSchema, context.query);
      const ids = query.ids ?? [];
      const aliases = query.aliases ?? [];
      if (ids.length === 0 && aliases.length === 0) {
        throw validationFailed({ ids: ["Укажите хотя бы один идентификатор (ids) или alias (aliases) релиза."] });
      }
      const byAlias = aliases.length
        ? (prepareCached(context.db, `SELECT id FROM releases WHERE alias IN (${aliases.map(() => "?").join(", ")})`)
            .pluck()
            .all(...aliases) as number[])
        : [];
      const store = storeOf(context.db);
      const known = store.releaseRowsByIds([...new Set([...ids, ...byAlias])]).map((row) => row.id);
      const page = pageRequest(query);
      const pageIds = known.slice(page.offset, page.offset + page.limit);
      return paged(store.present(pageIds, context.origin, selectedIncludes(context, fullRelease)), known.length, page, context.url);
    },
  },
  {
    method: "GET",
    path: "/anime/releases/episodes/{releaseEpisodeId}",
    handler: (context) => {
      const episode = prepareCached(context.db, "SELECT * FROM episodes WHERE id = ?").get(context.params.releaseEpisodeId) as
        EpisodeRow | undefined;
      if (!episode) throw notFound("Эпизод не найден");
      const store = storeOf(context.db);
      const [release] = store.present([episode.release_id], context.origin, { episodes: true });
      return { ...store.presentEpisode(episode, { id: episode.release_id }, context.origin), release };
    },
  },
  {
    method: "GET",
    path: "/anime/releases/{idOrAlias}",
    handler: (context) => {
      const store = storeOf(context.db);
      const row = store.findReleaseRow(context.params.idOrAlias ?? "");
      if (!row) throw notFound("Релиз не найден");
      return store.presentRows([row], context.origin, selectedIncludes(context, oneRelease))[0];
    },
  },
  {
    method: "GET",
    path: "/anime/releases/{idOrAlias}/members",
    handler: (context) => {
      const store = storeOf(context.db);
      const row = store.findReleaseRow(context.params.idOrAlias ?? "");
      if (!row) throw notFound("Релиз не найден");
      return (store.membersOf([row.id]).get(row.id) ?? []).map((member) => store.presentMember(member));
    },
  },
  {
    method: "GET",
    path: "/app/search/releases",
    handler: (context) => {
      const { query } = parseInput(SearchSchema, context.query);
      const search = searchCondition(query);
      if (!search) return [];
      const relevance = relevanceOrder(query);
      const ids = prepareCached(
        context.db,
        `SELECT r.id FROM releases r ${TITLE_TEXT_JOINS} WHERE r.id IN (${search.sql})
         ORDER BY ${relevance.sql} LIMIT 20`,
      )
        .pluck()
        .all(...search.params, ...relevance.params) as number[];
      return storeOf(context.db).present(ids, context.origin);
    },
  },
];
