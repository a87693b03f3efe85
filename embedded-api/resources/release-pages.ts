// One paged release query shared by the catalogue, genre pages and the user's favorites and collections.
import { prepareCached } from "../db/statement-cache";
import type { Db } from "../db/database";
import { paged, type PageRequest } from "../http/pagination";
import {
  facetConditions,
  idSetCondition,
  joinConditions,
  searchIdsQuery,
  releaseConditions,
  titleMatchCondition,
  releaseOrder,
  TITLE_TEXT_JOINS,
  type ReleaseFilter,
} from "./release-filters";
import type { ReleaseSorting } from "./labels";
import type { ReleaseIncludes, ReleaseStore } from "./release-store";
import { relevanceOrder } from "./word-search";

/** Up to this many title matches drive the query; more are checked per row as a sub-query. */
const SEARCH_CANDIDATE_LIMIT = 3000;

export interface ReleasePageQuery {
  /** FROM clause; must alias releases as `r` (and a joined list table as `l`). */
  from?: string;
  fromParams?: unknown[];
  filter?: ReleaseFilter | undefined;
  sorting?: ReleaseSorting | undefined;
  orderBy?: string;
  page: PageRequest;
  includes: ReleaseIncludes;
}

/** A search without a chosen sorting lists the best matches first. */
function searchOrder(query: ReleasePageQuery, search: string): { orderBy: string; params: unknown[] } {
  if (query.orderBy || query.sorting) return { orderBy: query.orderBy ?? releaseOrder(query.sorting), params: [] };
  const relevance = relevanceOrder(search);
  return { orderBy: relevance.sql, params: relevance.params };
}

/** A catalogue page with a title search: one pass yields both the page and the total (window count). */
function pageFromSearchMatches(db: Db, query: ReleasePageQuery): { ids: number[]; total: number } | null {
  const searchText = query.filter?.search ?? "";
  const search = searchIdsQuery(query.filter);
  const titleCheck = titleMatchCondition(searchText);
  if (!search || !titleCheck) return null;
  const matches = prepareCached(db, `${search.where} LIMIT ${SEARCH_CANDIDATE_LIMIT + 1}`)
    .pluck()
    .all(...search.params) as number[];
  if (matches.length === 0) return { ids: [], total: 0 };
  const facets = facetConditions(query.filter);
  // Few matches, or no other filter to narrow the catalogue with: the matches drive the query. Many matches
  // and other filters (a word in most titles): the filter index drives it and each candidate's title is
  // checked on its own.
  const plan =
    matches.length <= SEARCH_CANDIDATE_LIMIT
      ? {
          from: `json_each(?) AS candidate CROSS JOIN releases r ON r.id = candidate.value ${TITLE_TEXT_JOINS}`,
          fromParams: [JSON.stringify(matches)],
          ...joinConditions(facets),
        }
      : facets.length === 0
        ? { from: `releases r ${TITLE_TEXT_JOINS}`, fromParams: [], ...joinConditions([idSetCondition(search)]) }
        : {
            from: `releases r ${TITLE_TEXT_JOINS}`,
            fromParams: [],
            ...joinConditions([...facets, titleCheck]),
          };
  const order = searchOrder(query, searchText);
  const rows = prepareCached(
    db,
    `SELECT r.id, COUNT(*) OVER () AS total FROM ${plan.from} WHERE ${plan.where}
       ORDER BY ${order.orderBy} LIMIT ? OFFSET ?`,
  ).all(...plan.fromParams, ...plan.params, ...order.params, query.page.limit, query.page.offset) as {
    id: number;
    total: number;
  }[];
  const total =
    rows[0]?.total ??
    (query.page.offset === 0
      ? 0
      : (prepareCached(db, `SELECT COUNT(*) FROM ${plan.from} WHERE ${plan.where}`)
          .pluck()
          .get(...plan.fromParams, ...plan.params) as number));
  return { ids: rows.map((row) => row.id), total };
}

function pageFromIndexes(db: Db, query: ReleasePageQuery): { ids: number[]; total: number } {
  const from = query.from ?? "releases r";
  const fromParams = query.fromParams ?? [];
  const { where, params } = releaseConditions(query.filter);
  const total = prepareCached(db, `SELECT COUNT(*) FROM ${from} WHERE ${where}`)
    .pluck()
    .get(...fromParams, ...params) as number;
  if (query.page.offset >= total) return { ids: [], total };
  const ids = prepareCached(
    db,
    `SELECT r.id FROM ${from} WHERE ${where} ORDER BY ${query.orderBy ?? releaseOrder(query.sorting)} LIMIT ? OFFSET ?`,
  )
    .pluck()
    .all(...fromParams, ...params, query.page.limit, query.page.offset) as number[];
  return { ids, total };
}

export function releasePage(db: Db, store: ReleaseStore, url: URL, query: ReleasePageQuery) {
  // User lists (a custom FROM) are small; the catalogue picks the cheaper of the two plans.
  const { ids, total } = (query.from ? null : pageFromSearchMatches(db, query)) ?? pageFromIndexes(db, query);
  return paged(store.present(ids, url.origin, query.includes), total, query.page, url);
}
