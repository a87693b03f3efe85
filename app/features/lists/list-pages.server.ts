// The favorites and collections pages' data: filters from the address, the pages it asks for (`?from=M&page=N`),
// the filter references and "continue watching". Both are signed-in only.
import { data } from "@remix-run/node";
import { requestApi, type RequestArgs } from "~/.server/api/handle";
import { optionalData } from "~/.server/optional-data.server";
import { MAX_CALENDAR_IDS } from "~/features/calendar/calendar-query";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadPageRange, readPageRange } from "~/components/paging/page-range.server";
import { toReleaseCardPage } from "~/domain/release-card";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import { collectionTypeOf } from "./list-filters";
import {
  countActiveListFilters,
  listReferencesOffered,
  parseAccountListFilters,
  toCollectionQuery,
  toFavoritesQuery,
} from "./list-query.server";

export async function loadFavoritesPage(args: RequestArgs) {
  const { request } = args;
  const api = requestApi(args);
  api.requireUser();
  const range = readPageRange(request);
  const filters = parseAccountListFilters(new URL(request.url).searchParams, { withSorting: true });
  const [page, references, continueItems, favoriteIds] = await withRouteErrors(request, () =>
    Promise.all([
      loadPageRange(range, (pageNumber) => api.lists.favorites(toFavoritesQuery({ ...filters, page: pageNumber }))),
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
    continueItems,
    activeFilterCount,
    /** For the favorites' calendar feed, which takes at most MAX_CALENDAR_IDS releases. */
    calendarIds: favoriteIds?.slice(-MAX_CALENDAR_IDS) ?? [],
  });
}

export async function loadCollectionsPage(args: RequestArgs) {
  const { request } = args;
  const api = requestApi(args);
  api.requireUser();
  const range = readPageRange(request);
  const params = new URL(request.url).searchParams;
  const collection = collectionTypeOf(params);
  const filters = parseAccountListFilters(params, { withSorting: false });
  const [page, references, continueItems] = await withRouteErrors(request, () =>
    Promise.all([
      loadPageRange(range, (pageNumber) => api.lists.collection(toCollectionQuery({ ...filters, page: pageNumber }, collection))),
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
    collection,
    continueItems,
    activeFilterCount,
  });
}
