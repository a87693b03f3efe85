// The body of /me/favorites/ and /me/collections/: toolbar, filter blocks, posters or list view, paging, continue watching.
import { Link, useFetcher, useLocation, useRevalidator, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { LoadMore } from "~/shared/paging/load-more";
import { PageLinks } from "~/shared/paging/page-links";
import { isShownRangeGrowing, RANGE_START_PARAM } from "~/shared/paging/page-range";
import { useAppendingList } from "~/shared/paging/use-appending-list";
import { ReleaseCard } from "~/components/release-card/release-card";
import { ReleaseWideCard } from "~/components/release-card/release-wide-card";
import type { AccountListReferences, CollectionType } from "~/domain/account";
import type { Page } from "~/domain/pagination";
import type { ReleaseCardData } from "~/domain/release-card";
import { ContinueWatching } from "~/features/progress/continue-watching";
import { ru } from "~/i18n/ru";
import type { ContinueItem } from "~/features/progress/continue-items";
import { formatCount } from "~/i18n/format";
import { CollectionToggle } from "./collection-toggle";
import { FavoriteToggle } from "./favorite-toggle";
import { ListFilterForm } from "./list-filter-form";
import type { ListActionData } from "./shown-state";
import { ALL_BLOCKS_VISIBLE, DATA_PATH, listResetHref, type AccountListFilters, type ListView } from "./list-filters";

type AccountListPageProps = {
  title: string;
  /** The page's address without a query (the collections page adds its type). */
  path: string;
  keep: Record<string, string>;
  page: Page<ReleaseCardData>;
  /** The first page `page` holds (the address records the pages shown, see `useAppendingList`). */
  firstPage: number;
  references: AccountListReferences;
  filters: AccountListFilters;
  /** The search as read in the other keyboard layout, when only that reading found something. */
  searchedAs?: string;
  activeFilterCount: number;
  /** The collection shown (collections page), or null on the favorites page; the account extras correct the other list's state. */
  collection: CollectionType | null;
  continueItems: ContinueItem[] | null;
  emptyText: string;
  /** Above the toolbar (the collection type switcher). */
  switcher?: ReactNode;
};

/**
 * A toggle's answer must not re-run these pages' loaders at once: the card would vanish in the same render
 * and its toast with it. The card drops itself after the toast, then asks for the fresh list (see ListItem).
 * Nor does "Показать ещё" moving the address on: the page already shows that range.
 */
export const skipListActionRevalidation: ShouldRevalidateFunction = (args) =>
  args.formAction?.startsWith("/lists/") || isShownRangeGrowing(args) ? false : args.defaultShouldRevalidate;

/** One release of the list; it leaves the list once its toggle took it out of this list (docs/product.md#states). */
function ListItem({ releaseId, collection, children }: { releaseId: number; collection: CollectionType | null; children: ReactNode }) {
  const fetcher = useFetcher<ListActionData>({ key: `${collection === null ? "favorites" : "collections"}:${releaseId}` });
  const revalidator = useRevalidator();
  const [dropped, setDropped] = useState(false);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const leftList = Boolean(
    answer?.ok &&
    answer.releaseId === releaseId &&
    ("isFavorite" in answer ? !answer.isFavorite : "collection" in answer && answer.collection !== collection),
  );
  // A parent's effect runs after its children's, so the toggle has shown its toast by the time the card goes.
  useEffect(() => {
    if (!leftList || dropped) return;
    setDropped(true);
    revalidator.revalidate();
  }, [leftList, dropped, revalidator]);
  return dropped ? null : <li>{children}</li>;
}

function viewHref(pathname: string, search: string, view: ListView): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete(RANGE_START_PARAM);
  if (view === "posters") params.delete("view");
  else params.set("view", view);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The releases with "show more" (JavaScript) and page links (without). */
function ListBody({ title, page, firstPage, filters, activeFilterCount, collection, emptyText, path, keep }: AccountListPageProps) {
  const list = useAppendingList(page, { firstPage });
  const resetHref = listResetHref(path, keep);
  const actions = (release: ReleaseCardData) => (
    <div className="@container flex flex-wrap gap-2">
      <FavoriteToggle releaseId={release.id} isFavorite={collection === null} signedIn />
      <CollectionToggle releaseId={release.id} collection={collection} signedIn />
    </div>
  );

  return (
    <>
      {list.items.length === 0 ? (
        <div className="rounded-lg bg-surface p-8 text-center">
          <h2 className="text-lg font-semibold">Здесь пока ничего нет</h2>
          <p className="mt-2 text-muted">{activeFilterCount > 0 ? "Попробуйте убрать часть фильтров." : emptyText}</p>
          {activeFilterCount > 0 ? (
            <Link to={resetHref} className="mt-4 inline-block rounded-md bg-primary px-4 py-2 text-sm font-semibold text-page">
              Сбросить фильтры
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          {filters.view === "posters" ? (
            <ul aria-label={title} className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4">
              {list.items.map((release, index) => (
                <ListItem key={release.id} releaseId={release.id} collection={collection}>
                  <ReleaseCard release={release} priority={index < 2} headingLevel={2} actions={actions(release)} />
                </ListItem>
              ))}
            </ul>
          ) : (
            <ul aria-label={title} className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,400px),1fr))]">
              {list.items.map((release, index) => (
                <ListItem key={release.id} releaseId={release.id} collection={collection}>
                  <ReleaseWideCard release={release} priority={index < 2} actions={actions(release)} />
                </ListItem>
              ))}
            </ul>
          )}
          <LoadMore href={list.nextPageHref} loading={list.loading} onLoadMore={list.loadMore} />
          <noscript>
            <PageLinks pagination={page.pagination} />
          </noscript>
        </>
      )}
    </>
  );
}

export function AccountListPage(props: AccountListPageProps) {
  const { title, path, keep, page, references, filters, searchedAs, activeFilterCount, collection, continueItems, switcher } = props;
  const location = useLocation();
  const total = page.pagination.total;
  // The same form twice: in a drawer on small screens, beside the list on large ones.
  const filterForm = {
    references,
    filters,
    action: path,
    resetHref: listResetHref(path, keep),
    keep: { ...keep, ...(filters.view === "list" ? { view: "list" } : {}) },
    visibility: ALL_BLOCKS_VISIBLE,
  };
  const formKey = JSON.stringify({ ...filters, search: undefined, page: undefined });
  // A new list (other filters, view or collection) starts with a fresh appending state, so a page loaded for the old one never joins it.
  const listKey = JSON.stringify({ ...filters, page: undefined, collection });
  const filterLabel = activeFilterCount > 0 ? `Фильтры (${activeFilterCount})` : "Фильтры";
  // An empty list with no filter set has nothing to narrow: no filters are offered (the loader sends none).
  const filterable = total > 0 || activeFilterCount > 0;

  return (
    <div className="space-y-6">
      <ContinueWatching items={continueItems} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <section aria-labelledby="list-heading" className="min-w-0">
          <h1 id="list-heading" className="mb-4 text-2xl font-bold">
            {title}
          </h1>
          {switcher}
          <div role="toolbar" aria-label="Вид списка" className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {total > 0 ? `Найдено: ${formatCount(total, "releases")}` : null}
            </p>
            <div className="flex gap-1 rounded-md border border-line p-1">
              {(["posters", "list"] as const).map((view) => (
                <Link
                  key={view}
                  to={viewHref(location.pathname, location.search, view)}
                  aria-current={filters.view === view ? "true" : undefined}
                  className="rounded px-3 py-1.5 text-sm font-semibold aria-[current]:bg-primary aria-[current]:text-page"
                >
                  {view === "posters" ? "Постеры" : "Список"}
                </Link>
              ))}
            </div>
          </div>
          {filterable ? (
            <details className="mb-4 rounded-lg bg-surface p-3 lg:hidden">
              <summary className="cursor-pointer text-sm font-semibold">{filterLabel}</summary>
              <div className="mt-3">
                <ListFilterForm key={formKey} {...filterForm} idPrefix="mobile" label="Фильтры списка (мобильные)" />
              </div>
            </details>
          ) : null}
          {searchedAs ? (
            <p role="status" className="mb-4 rounded-md bg-surface px-4 py-3 text-sm">
              {ru.search.shownForSwitchedLayout(searchedAs)}
            </p>
          ) : null}
          <ListBody key={listKey} {...props} />
          <p className="mt-8 text-sm text-muted">
            <Link to={DATA_PATH} className="underline">
              Экспорт и импорт ваших данных
            </Link>
          </p>
        </section>
        {filterable ? (
          <aside aria-label="Фильтры" className="hidden lg:block">
            <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-lg bg-surface p-4">
              <ListFilterForm key={formKey} {...filterForm} idPrefix="sidebar" label="Фильтры списка" />
            </div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
