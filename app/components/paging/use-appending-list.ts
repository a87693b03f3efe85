// Lists load by page and append (spec §4); a new first page from the loader (other filters) starts over.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { hasNextPage, type Page } from "~/domain/pagination";
import { pageHref } from "./page-href";

type PageData<Item> = { page: Page<Item> };

export function useAppendingList<Item extends { id: number | string }>(page: Page<Item>) {
  const location = useLocation();
  const fetcher = useFetcher<PageData<Item>>();
  const [source, setSource] = useState(page);
  const [list, setList] = useState(page);

  if (source !== page) {
    setSource(page);
    setList(page);
  }

  useEffect(() => {
    const loaded = fetcher.data?.page;
    if (!loaded) return;
    setList((current) => {
      if (loaded.pagination.currentPage <= current.pagination.currentPage) return current;
      const known = new Set(current.items.map((item) => item.id));
      return { items: [...current.items, ...loaded.items.filter((item) => !known.has(item.id))], pagination: loaded.pagination };
    });
  }, [fetcher.data]);

  const nextPage = hasNextPage(list.pagination) ? list.pagination.currentPage + 1 : null;
  return {
    items: list.items,
    pagination: list.pagination,
    loading: fetcher.state !== "idle",
    nextPageHref: nextPage ? pageHref(location.pathname, location.search, nextPage) : null,
    loadMore() {
      if (nextPage) fetcher.load(pageHref(location.pathname, location.search, nextPage));
    },
  };
}
