// Numbered page links: how lists page without JavaScript (and a way to jump for everyone).
import { useLocation } from "@remix-run/react";
import { PathLink } from "~/components/path-link";
import type { Pagination } from "~/domain/pagination";
import { pageHref, visiblePages } from "./page-href";

export function PageLinks({ pagination, label = "Страницы" }: { pagination: Pagination; label?: string }) {
  const location = useLocation();
  const { currentPage, totalPages } = pagination;
  if (totalPages <= 1) return null;
  const linkClass = "grid h-10 min-w-10 place-items-center rounded-md border border-line px-3 text-sm hover:bg-surface-raised";
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {currentPage > 1 ? (
        <PathLink to={pageHref(location.pathname, location.search, currentPage - 1)} className={linkClass} rel="prev">
          ← Назад
        </PathLink>
      ) : null}
      {visiblePages(currentPage, totalPages).map((page, index) =>
        page === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
            …
          </span>
        ) : page === currentPage ? (
          <span key={page} aria-current="page" className={`${linkClass} bg-primary font-semibold text-page`}>
            {page}
          </span>
        ) : (
          <PathLink
            key={page}
            to={pageHref(location.pathname, location.search, page)}
            className={linkClass}
            aria-label={`Страница ${page}`}
          >
            {page}
          </PathLink>
        ),
      )}
      {currentPage < totalPages ? (
        <PathLink to={pageHref(location.pathname, location.search, currentPage + 1)} className={linkClass} rel="next">
          Вперёд →
        </PathLink>
      ) : null}
    </nav>
  );
}
