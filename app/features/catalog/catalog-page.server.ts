// The catalogue page's data: the filters from the address, the pages it asks for (`?from=M&page=N`) and the filter references.
import { data } from "@remix-run/node";
import { getCatalogReferences, getCatalogReleases } from "~/.server/api/catalog";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadPageRange, readPageRange } from "~/components/paging/page-range.server";
import { searchWithLayoutRetry } from "~/domain/keyboard-layout";
import { toReleaseCardPage } from "~/domain/release-card";
import { countActiveFilters, parseCatalogFilters, toCatalogQuery } from "./catalog-query.server";

export async function loadCatalogPage(request: Request) {
  const range = readPageRange(request);
  const filters = parseCatalogFilters(new URL(request.url).searchParams);
  const query = toCatalogQuery(filters);
  const [{ result: page, searchedAs }, references] = await withRouteErrors(request, () =>
    Promise.all([
      searchWithLayoutRetry(
        query.search,
        (search) => loadPageRange(range, (pageNumber) => getCatalogReleases(request, { ...query, search, page: pageNumber })),
        (found) => found.pagination.total === 0,
      ),
      getCatalogReferences(request),
    ]),
  );
  return data({
    page: toReleaseCardPage(page),
    firstPage: range.first,
    references,
    filters,
    searchedAs,
    activeFilterCount: countActiveFilters(filters),
  });
}
