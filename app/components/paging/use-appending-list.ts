// Lists load by page and append (docs/product.md#states); a new first page from the loader (other filters) starts over.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { hasNextPage, type Page } from "~/domain/pagination";
import { appendPage, listKeyOf, type ListPage } from "./appending-list";
import { pageHref } from "./page-href";

type PageData<Item> = { page: Page<Item> };

export function useAppendingList<Item extends { id: number | string }>(page: Page<Item>) {
  const location = useLocation();
  const listKey = listKeyOf(location.pathname, location.search);
  const fetcher = useFetcher<PageData<Item>>();
  // The fetcher keeps its data across navigations and reloads it on revalidation: remember which list asked for it.
  const requestedFor = useRef<string | null>(null);
  const [source, setSource] = useState(page);
  const [list, setList] = useState<ListPage<Item>>({ listKey, page });

  if (source !== page) {
    setSource(page);
    setList({ listKey, page });
  }

  useEffect(() => {
    // Back on a list seen before, its old request must not append itself again on the next revalidation.
    if (requestedFor.current !== listKey) requestedFor.current = null;
  }, [listKey]);

  useEffect(() => {
    const loaded = fetcher.data?.page;
    const loadedFor = requestedFor.current;
    if (!loaded || loadedFor === null) return;
    setList((current) => appendPage(current, { listKey: loadedFor, page: loaded }));
  }, [fetcher.data]);

  const { items, pagination } = list.page;
  const nextPage = hasNextPage(pagination) ? pagination.currentPage + 1 : null;
  return {
    items,
    pagination,
    loading: fetcher.state !== "idle",
    nextPageHref: nextPage ? pageHref(location.pathname, location.search, nextPage) : null,
    loadMore() {
      if (!nextPage) return;
      requestedFor.current = listKey;
      fetcher.load(pageHref(location.pathname, location.search, nextPage));
    },
  };
}
