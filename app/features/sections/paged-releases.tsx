// A paged release list (a region named by `label`, which stays named after masonic replaces the grid): "Показать ещё" appends the next page with JavaScript; page links work without it.
import { useLocation } from "@remix-run/react";
import { LoadMore } from "~/shared/paging/load-more";
import { PageLinks } from "~/shared/paging/page-links";
import { useAppendingList } from "~/shared/paging/use-appending-list";
import { ReleaseCard } from "~/components/release-card/release-card";
import { ReleaseWideCard } from "~/components/release-card/release-wide-card";
import { ReleaseGrid, type ReleaseGridItemProps } from "~/components/release-grid/release-grid";
import type { Page } from "~/domain/pagination";
import type { ReleaseCardData } from "~/domain/release-card";

/** Cards above the fold on a phone load eagerly; the rest lazily. */
const EAGER_WIDE_CARDS = 2;
const EAGER_POSTERS = 6;

function WideItem({ release, index }: ReleaseGridItemProps) {
  return <ReleaseWideCard release={release} priority={index < EAGER_WIDE_CARDS} />;
}

type PagedReleasesProps = {
  page: Page<ReleaseCardData>;
  /** For a list whose address records the pages shown: the first of them (see `useAppendingList`). */
  firstPage?: number;
  label: string;
  /** `wide`: the masonry of horizontal cards (long lists); `posters`: a poster grid with the latest episode. */
  view: "wide" | "posters";
};

export function PagedReleases({ page, firstPage, label, view }: PagedReleasesProps) {
  const location = useLocation();
  const list = useAppendingList(page, { firstPage });
  return (
    <section aria-label={label}>
      {view === "wide" ? (
        <ReleaseGrid releases={list.items} Item={WideItem} listKey={location.pathname} label={label} />
      ) : (
        <ul aria-label={label} className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {list.items.map((release, index) => (
            <li key={release.id}>
              <ReleaseCard release={release} priority={index < EAGER_POSTERS} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore href={list.nextPageHref} loading={list.loading} onLoadMore={list.loadMore} />
      <PageLinks pagination={list.pagination} label={`${label}: страницы`} />
    </section>
  );
}
