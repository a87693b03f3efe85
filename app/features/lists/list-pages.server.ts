// The favorites and collections pages' data: filters from the address, the pages it asks for (`?from=M&page=N`),
// the filter references and "continue watching". Both are signed-in only.
import { data } from "@remix-run/node";
import type { RequestArgs } from "~/.server/load-context.server";
import { optionalData } from "~/.server/optional-data.server";
import { MAX_CALENDAR_IDS } from "~/features/calendar/calendar-query";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadPageRange, readPageRange, type PageRange } from "~/components/paging/page-range.server";
import { searchWithLayoutRetry } from "~/domain/keyboard-layout";
import type { Page } from "~/domain/pagination";
import { toReleaseCardPage, type ReleaseCardData } from "~/domain/release-card";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import { collectionTypeOf, type AccountListFilters } from "./list-filters";
import {
  countActiveListFilters,
  listReferencesOffered,
  parseAccountListFilters,
  toCollectionQuery,
  toFavoritesQuery,
} from "./list-query.server";

/** The list's pages for the filters, retried in the other keyboard layout when the search finds nothing (as the catalogue). */
function loadListPages<Item extends ReleaseCardData>(
  range: PageRange,
  filters: AccountListFilters,
  loadPage: (filters: AccountListFilters) => Promise<Page<Item>>,
) {
  return searchWithLayoutRetry(
    filters.search,
    (search) => loadPageRange(range, (pageNumber) => loadPage({ ...filters, search, page: pageNumber })),
    (found) => found.pagination.total === 0,
  );
}

export async function loadFavoritesPage(args: RequestArgs) {
  const { request } = args;
  const { api } = args.context;
  api.requireUser(request);
  const range = readPageRange(request);
  const filters = parseAccountListFilters(new URL(request.url).searchParams, { withSorting: true });
  const [{ result: page, searchedAs }, references, continueItems, favoriteIds] = await withRouteErrors(request, () =>
    Promise.all([
      loadListPages(range, filters, (query) => api.lists.favorites(toFavoritesQuery(query))),
      api.lists.references("favorites"),
      loadContinueWatching(api),
      optionalData("favorite ids for the calendar", () => api.lists.favoriteIds()),
    ]),
  );
  const activeFilterCount = countActiveListFilters(filters);
  return data({
    page: toReleaseCardPage(page),
    firstPage: range.first,
    references: listReferencesOffered(references, page.pagination.total, activeFilterCount),
    filters,
    searchedAs,
    continueItems,
    activeFilterCount,
    /** For the favorites' calendar feed, which takes at most MAX_CALENDAR_IDS releases. */
    calendarIds: favoriteIds?.slice(-MAX_CALENDAR_IDS) ?? [],
  });
}

export async function loadCollectionsPage(args: RequestArgs) {
  const { request } = args;
  const { api } = args.context;
  api.requireUser(request);
  const range = readPageRange(request);
  const params = new URL(request.url).searchParams;
  const collection = collectionTypeOf(params);
  const filters = parseAccountListFilters(params, { withSorting: false });
  const [{ result: page, searchedAs }, references, continueItems] = await withRouteErrors(request, () =>
    Promise.all([
      loadListPages(range, filters, (query) => api.lists.collection(toCollectionQuery(query, collection))),
      api.lists.references("collections"),
      loadContinueWatching(api),
    ]),
  );
  const activeFilterCount = countActiveListFilters(filters);
  return data({
    page: toReleaseCardPage(page),
    firstPage: range.first,
    references: listReferencesOffered(references, page.pagination.total, activeFilterCount),
    filters,
    searchedAs,
    collection,
    continueItems,
    activeFilterCount,
  });
}
