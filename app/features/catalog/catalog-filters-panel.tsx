// Where the filters sit: a sidebar on desktop; on phones a drawer with JavaScript, a disclosure without it.
import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import type { CatalogReferences } from "~/domain/catalog";
import { CatalogFilterForm } from "./catalog-filter-form";
import type { CatalogFilters } from "./catalog-filters";

const FilterDrawer = lazy(() => import("./filter-drawer"));

type PanelProps = { references: CatalogReferences; filters: CatalogFilters; activeCount: number };

/** The form remounts when the filters change from outside (reset, back button), except for the search text. */
function formKey(filters: CatalogFilters): string {
  const { search: _search, page: _page, ...rest } = filters;
  return JSON.stringify(rest);
}

export function CatalogFiltersSidebar({ references, filters }: Omit<PanelProps, "activeCount">) {
  return (
    <aside aria-label="Фильтры" className="hidden lg:block">
      <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-lg bg-surface p-4">
        <CatalogFilterForm key={formKey(filters)} references={references} filters={filters} idPrefix="sidebar" />
      </div>
    </aside>
  );
}

export function CatalogFiltersMobile({ references, filters, activeCount }: PanelProps) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setHydrated(true), []);
  useEffect(() => setOpen(false), [location.search]);
  const label = activeCount > 0 ? `Фильтры (${activeCount})` : "Фильтры";

  if (!hydrated) {
    return (
      <details className="mb-4 rounded-lg bg-surface p-3 lg:hidden">
        <summary className="cursor-pointer text-sm font-semibold">{label}</summary>
        <div className="mt-3">
          <CatalogFilterForm references={references} filters={filters} idPrefix="disclosure" />
        </div>
      </details>
    );
  }
  return (
    <div className="mb-4 lg:hidden">
      <button type="button" onClick={() => setOpen(true)} className="rounded-md border border-line bg-surface px-4 py-2 text-sm font-semibold" aria-haspopup="dialog">
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FilterDrawer open={open} onOpenChange={setOpen}>
            <CatalogFilterForm key={formKey(filters)} references={references} filters={filters} idPrefix="drawer" />
          </FilterDrawer>
        </Suspense>
      ) : null}
    </div>
  );
}
