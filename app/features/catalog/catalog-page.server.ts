// The catalogue page's data: the filters from the address, the pages it asks for (`?from=M&page=N`) and the filter references.
import { data } from "@remix-run/node";
import type { RequestArgs } from "~/.server/load-context.server";
import { redirectToFilledAddress } from "~/.server/filled-address.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadPageRange, readPageRange } from "~/shared/paging/page-range.server";
import { searchWithLayoutRetry } from "~/domain/keyboard-layout";
import { assertPageExists } from "~/shared/paging/page-exists.server";
import { countActiveFilters, parseCatalogFilters, toCatalogQuery } from "./catalog-query.server";

export async function loadCatalogPage(args: RequestArgs) {
  const { request } = args;
  const { api } = args.context;
  redirectToFilledAddress(request);
  const range = readPageRange(request);
  const filters = parseCatalogFilters(new URL(request.url).searchParams);
  const query = toCatalogQuery(filters);
  const [{ result: page, searchedAs }, references] = await withRouteErrors(request, () =>
    Promise.all([
      searchWithLayoutRetry(
        query.search,
        (search) => loadPageRange(range, (pageNumber) => api.catalog.releaseCards({ ...query, search, page: pageNumber })),
        (found) => found.pagination.total === 0,
      ),
      api.catalog.references(),
    ]),
  );
  assertPageExists(request, page.pagination);
  return data({
    page,
    firstPage: range.first,
    references,
    filters,
    searchedAs,
    activeFilterCount: countActiveFilters(filters),
  });
}
