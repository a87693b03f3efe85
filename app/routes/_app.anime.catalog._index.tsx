import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LoadMore } from "~/shared/paging/load-more";
import { PageLinks } from "~/shared/paging/page-links";
import { revalidateUnlessShownRangeGrows } from "~/shared/paging/page-range";
import { useAppendingList } from "~/shared/paging/use-appending-list";
import { PathLink } from "~/components/path-link";
import { listPriority } from "~/components/poster-image";
import { ReleaseWideCard } from "~/components/release-card/release-wide-card";
import { ReleaseGrid, type ReleaseGridItemProps } from "~/components/release-grid/release-grid";
import { CATALOG_PATH } from "~/features/catalog/catalog-filters";
import { CatalogFiltersMobile, CatalogFiltersSidebar } from "~/features/catalog/catalog-filters-panel";
import { loadCatalogPage } from "~/features/catalog/catalog-page.server";
import { pageMeta } from "~/shared/seo/page-meta";
import { formatCount } from "~/i18n/format";
import { ru } from "~/i18n/ru";

export const loader = (args: LoaderFunctionArgs) => loadCatalogPage(args);

export const shouldRevalidate = revalidateUnlessShownRangeGrows;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: "Каталог аниме",
    description:
      "Каталог аниме с русской озвучкой: фильтры по жанрам, годам, сезонам, типу и статусу, сортировка по новизне и популярности.",
  });

function CatalogItem({ release, index }: ReleaseGridItemProps) {
  return <ReleaseWideCard release={release} priority={listPriority(index, 2)} />;
}

export default function CatalogPage() {
  const { page, firstPage, references, filters, searchedAs, activeFilterCount } = useLoaderData<typeof loader>();
  const list = useAppendingList(page, { firstPage });
  const total = page.pagination.total;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <section aria-labelledby="catalog-heading" className="min-w-0">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="catalog-heading" className="text-2xl font-bold">
            Каталог аниме
          </h1>
          <p className="text-sm text-muted" aria-live="polite">
            {total > 0 ? `Найдено: ${formatCount(total, "releases")}` : null}
          </p>
        </div>
        <CatalogFiltersMobile references={references} filters={filters} activeCount={activeFilterCount} />
        {searchedAs ? (
          <p role="status" className="mb-4 rounded-md bg-surface px-4 py-3 text-sm">
            {ru.search.shownForSwitchedLayout(searchedAs)}
          </p>
        ) : null}
        {list.items.length === 0 ? (
          <div className="rounded-lg bg-surface p-8 text-center">
            <h2 className="text-lg font-semibold">Ничего не нашлось</h2>
            <p className="mt-2 text-muted">Попробуйте убрать часть фильтров или изменить запрос.</p>
            <PathLink to={CATALOG_PATH} className="mt-4 inline-block rounded-md bg-primary px-4 py-2 text-sm font-semibold text-page">
              Сбросить фильтры
            </PathLink>
          </div>
        ) : (
          <>
            <ReleaseGrid
              releases={list.items}
              Item={CatalogItem}
              listKey={JSON.stringify({ ...filters, page: undefined })}
              label="Релизы каталога"
            />
            <LoadMore href={list.nextPageHref} loading={list.loading} onLoadMore={list.loadMore} />
            <noscript>
              <PageLinks pagination={page.pagination} />
            </noscript>
          </>
        )}
      </section>
      <CatalogFiltersSidebar references={references} filters={filters} />
    </div>
  );
}
