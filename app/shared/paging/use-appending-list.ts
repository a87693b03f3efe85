// Lists load by page and append (docs/product.md#states); a new first page from the loader (other filters) starts over.
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { hasNextPage, type Page } from "~/domain/pagination";
import { appendPage, listKeyOf, type ListPage } from "./appending-list";
import { pageHref, rangeHref } from "./page-href";
import { fitsInOneRange } from "./page-range";

type PageData<Item> = { page: Page<Item> };

type AppendingListOptions = {
  /**
   * The first page the loader's `page` holds, for lists whose address records the pages shown (`readPageRange`):
   * each appended page then moves the address on, so Back, a reload or a shared link shows the same list.
   */
  firstPage?: number;
};

/** A page asked for: the list it belongs to and, for a recorded range, the address once it is appended. */
type PageRequest = { listKey: string; address: string | null };

export function useAppendingList<Item extends { id: number | string }>(page: Page<Item>, { firstPage }: AppendingListOptions = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const listKey = listKeyOf(location.pathname, location.search);
  const fetcher = useFetcher<PageData<Item>>();
  // The fetcher keeps its data across navigations and reloads it on revalidation: remember which list asked for it.
  const requested = useRef<PageRequest | null>(null);
  const [source, setSource] = useState(page);
  const [list, setList] = useState<ListPage<Item>>({ listKey, page });

  if (source !== page) {
    setSource(page);
    setList({ listKey, page });
  }

  useEffect(() => {
    // Back on a list seen before, its old request must not append itself again on the next revalidation.
    if (requested.current?.listKey !== listKey) requested.current = null;
  }, [listKey]);

  useEffect(() => {
    const loaded = fetcher.data?.page;
    const request = requested.current;
    if (!loaded || request === null) return;
    const appended = appendPage(list, { listKey: request.listKey, page: loaded });
    if (appended === list) return;
    requested.current = null;
    setList(appended);
    // The route's and the root's `shouldRevalidate` let this through without loaders (`isShownRangeGrowing`).
    if (request.address) navigate(request.address, { replace: true, preventScrollReset: true });
    // Only a newly loaded page appends; the list it joins is the one rendered with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  const { items, pagination } = list.page;
  const nextPage = hasNextPage(pagination) ? pagination.currentPage + 1 : null;
  const appendsInPlace = firstPage === undefined || (nextPage !== null && fitsInOneRange(firstPage, nextPage));
  const nextAddress =
    nextPage === null
      ? null
      : firstPage !== undefined && appendsInPlace
        ? rangeHref(location.pathname, location.search, firstPage, nextPage)
        : null;
  return {
    items,
    pagination,
    loading: fetcher.state !== "idle",
    /** Without JavaScript: the next range (or the next page alone, for lists that do not record their range or past the cap). */
    nextPageHref: nextPage ? (nextAddress ?? pageHref(location.pathname, location.search, nextPage)) : null,
    loadMore() {
      if (!nextPage) return;
      if (!appendsInPlace) {
        navigate(pageHref(location.pathname, location.search, nextPage));
        return;
      }
      requested.current = { listKey, address: nextAddress };
      fetcher.load(pageHref(location.pathname, location.search, nextPage));
    },
  };
}
