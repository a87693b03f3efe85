// The favorites and collections pages' data: filters from the address, the pages it asks for (`?from=M&page=N`),
// the filter references and "continue watching". Both are signed-in only.
import { redirectToFilledAddress } from "~/.server/filled-address.server";
import { data } from "@remix-run/node";
import type { ApiCalls } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { optionalData } from "~/.server/optional-data.server";
import { MAX_CALENDAR_IDS } from "~/features/calendar/calendar-query";
import { withRouteErrors } from "~/.server/route-errors.server";
import { assertPageExists } from "~/shared/paging/page-exists.server";
import { loadPageRange, readPageRange, type PageRange } from "~/shared/paging/page-range.server";
import { searchWithLayoutRetry } from "~/domain/keyboard-layout";
import type { Page } from "~/domain/pagination";
import { toReleaseCardPage, type ReleaseCardData } from "~/domain/release-card";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import type { CollectionType } from "~/domain/account";
import { collectionTypeOf, type AccountListFilters } from "./list-filters";
import {
  contentsOfEmptyList,
  countActiveListFilters,
  listContentsOf,
  listReferencesOffered,
  parseAccountListFilters,
  toCollectionQuery,
  toFavoritesQuery,
  type ListContents,
} from "./list-query.server";

/** The live API's largest page (docs/upstream.md), and how many of them a collection's filter values are read from. */
const CONTENTS_PAGE_SIZE = 50;
const CONTENTS_MAX_PAGES = 4;

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

/**
 * The values one collection's releases have, for its filters: the upstream's references cover every collection at
 * once. Read unfiltered, with the page, at most four pages of fifty (a second round trip only past the first fifty);
 * a longer collection (null) offers the references as they come.
 */
async function loadCollectionContents(
  api: ApiCalls,
  collection: CollectionType,
  filters: AccountListFilters,
): Promise<ListContents | null> {
  const unfiltered: AccountListFilters = { ...filters, types: [], years: [], genres: [], ageRatings: [], search: undefined };
  const readPage = (page: number) => api.lists.collection(toCollectionQuery({ ...unfiltered, page }, collection, CONTENTS_PAGE_SIZE));
  const first = await readPage(1);
  if (first.pagination.total > CONTENTS_PAGE_SIZE * CONTENTS_MAX_PAGES) return null;
  const pageCount = Math.min(first.pagination.totalPages, CONTENTS_MAX_PAGES);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => readPage(index + 2)));
  return listContentsOf([first, ...rest].flatMap((page) => page.items));
}

export async function loadFavoritesPage(args: RequestArgs) {
  const { request } = args;
  const { api } = args.context;
  api.requireUser(request);
  redirectToFilledAddress(request);
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
  assertPageExists(request, page.pagination);
  const activeFilterCount = countActiveListFilters(filters);
  return data({
    page: toReleaseCardPage(page),
    firstPage: range.first,
    references: listReferencesOffered(references, contentsOfEmptyList(page.pagination.total, activeFilterCount), filters),
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
  redirectToFilledAddress(request);
  const range = readPageRange(request);
  const params = new URL(request.url).searchParams;
  const collection = collectionTypeOf(params);
  const filters = parseAccountListFilters(params, { withSorting: false });
  const [{ result: page, searchedAs }, references, contents, continueItems] = await withRouteErrors(request, () =>
    Promise.all([
      loadListPages(range, filters, (query) => api.lists.collection(toCollectionQuery(query, collection))),
      api.lists.references("collections"),
      optionalData("the collection's filter values", () => loadCollectionContents(api, collection, filters)),
      loadContinueWatching(api),
    ]),
  );
  assertPageExists(request, page.pagination);
  const activeFilterCount = countActiveListFilters(filters);
  return data({
    page: toReleaseCardPage(page),
    firstPage: range.first,
    references: listReferencesOffered(references, contents ?? contentsOfEmptyList(page.pagination.total, activeFilterCount), filters),
    filters,
    searchedAs,
    collection,
    continueItems,
    activeFilterCount,
  });
}
