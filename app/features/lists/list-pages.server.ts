// The favorites and collections pages' data: filters from the address, the pages it asks for (`?from=M&page=N`),
// the filter references and "continue watching". Both are signed-in only.
import { data } from "@remix-run/node";
import { getAccountListReferences, getCollectionReleases, getFavoriteIds, getFavoriteReleases } from "~/.server/api/lists";
import { optionalData } from "~/.server/optional-data.server";
import { MAX_CALENDAR_IDS } from "~/features/calendar/calendar-query";
import { withRouteErrors } from "~/.server/route-errors.server";
import { requireUser } from "~/.server/session.server";
import { loadPageRange, readPageRange } from "~/components/paging/page-range.server";
import { toReleaseCardPage } from "~/domain/release-card";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import { collectionTypeOf } from "./list-filters";
import { countActiveListFilters, parseAccountListFilters, toCollectionQuery, toFavoritesQuery } from "./list-query.server";

export async function loadFavoritesPage(request: Request) {
  requireUser(request);
  const range = readPageRange(request);
  const filters = parseAccountListFilters(new URL(request.url).searchParams, { withSorting: true });
  const [page, references, continueItems, favoriteIds] = await withRouteErrors(request, () =>
    Promise.all([
      loadPageRange(range, (pageNumber) => getFavoriteReleases(request, toFavoritesQuery({ ...filters, page: pageNumber }))),
      getAccountListReferences(request, "favorites"),
      loadContinueWatching(request),
      optionalData("favorite ids for the calendar", () => getFavoriteIds(request)),
    ]),
  );
  return data({
    page: toReleaseCardPage(page),
    firstPage: range.first,
    references,
    filters,
    continueItems,
    activeFilterCount: countActiveListFilters(filters),
    /** For the favorites' calendar feed, which takes at most MAX_CALENDAR_IDS releases. */
    calendarIds: favoriteIds?.slice(-MAX_CALENDAR_IDS) ?? [],
  });
}

export async function loadCollectionsPage(request: Request) {
  requireUser(request);
  const range = readPageRange(request);
  const params = new URL(request.url).searchParams;
  const collection = collectionTypeOf(params);
  const filters = parseAccountListFilters(params, { withSorting: false });
  const [page, references, continueItems] = await withRouteErrors(request, () =>
    Promise.all([
      loadPageRange(range, (pageNumber) => getCollectionReleases(request, toCollectionQuery({ ...filters, page: pageNumber }, collection))),
      getAccountListReferences(request, "collections"),
      loadContinueWatching(request),
    ]),
  );
  return data({
    page: toReleaseCardPage(page),
    firstPage: range.first,
    references,
    filters,
    collection,
    continueItems,
    activeFilterCount: countActiveListFilters(filters),
  });
}
