// Where the filters sit. The server renders the form once: a sidebar on desktop, and on phones a block after
// the results that the "Фильтры" link jumps to. With JavaScript, that control opens a drawer instead.
import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CatalogReferences } from "~/domain/catalog";
import { CatalogFilterForm } from "./catalog-filter-form";
import type { CatalogFilters } from "./catalog-filters";

const FilterDrawer = lazy(() => import("./filter-drawer"));

const FILTERS_ANCHOR = "catalog-filters";

type PanelProps = { references: CatalogReferences; filters: CatalogFilters; activeCount: number };

/** The form remounts when the filters change from outside (reset, back button), except for the search text. */
function formKey(filters: CatalogFilters): string {
  const { search: _search, page: _page, ...rest } = filters;
  return JSON.stringify(rest);
}

export function CatalogFiltersSidebar({ references, filters }: Omit<PanelProps, "activeCount">) {
  return (
    <aside id={FILTERS_ANCHOR} aria-label="Фильтры" className="render-when-near scroll-mt-20">
      {/* A box of its own height at every width: its actions stick to the box's bottom, never over its first fields as a
          form entering the screen from below would have them (decision 0283). */}
      <div className="max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-lg bg-surface p-4 lg:sticky lg:top-20">
        <CatalogFilterForm key={formKey(filters)} references={references} filters={filters} idPrefix="sidebar" />
      </div>
    </aside>
  );
}

const MOBILE_BUTTON_CLASS = "inline-block rounded-md border border-line bg-surface px-4 py-2 text-sm font-semibold";

export function CatalogFiltersMobile({ references, filters, activeCount }: PanelProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // The drawer's "Показать" (or a link elsewhere) changes the address: the results it asked for are shown.
  useEffect(() => setOpen(false), [location.search]);
  const label = activeCount > 0 ? `Фильтры (${activeCount})` : "Фильтры";

  if (!hydrated) {
    return (
      <div className="mb-4 lg:hidden">
        <a href={`#${FILTERS_ANCHOR}`} className={MOBILE_BUTTON_CLASS}>
          {label}
        </a>
      </div>
    );
  }
  return (
    <div className="mb-4 lg:hidden">
      <button type="button" onClick={() => setOpen(true)} className={MOBILE_BUTTON_CLASS} aria-haspopup="dialog">
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FilterDrawer open={open} onOpenChange={setOpen}>
            <CatalogFilterForm key={formKey(filters)} references={references} filters={filters} idPrefix="drawer" applyEachChange={false} />
          </FilterDrawer>
        </Suspense>
      ) : null}
    </div>
  );
}
