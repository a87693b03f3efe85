// "Показать ещё": appends the next page with JavaScript; without it the same link opens the next page.
import { PathLink } from "~/components/path-link";

type LoadMoreProps = { href: string | null; loading: boolean; onLoadMore: () => void };

export function LoadMore({ href, loading, onLoadMore }: LoadMoreProps) {
  if (!href) return null;
  return (
    <div className="mt-6 flex justify-center">
      <PathLink
        to={href}
        onClick={(event) => {
          event.preventDefault();
          if (!loading) onLoadMore();
        }}
        aria-busy={loading}
        className="rounded-md border border-line bg-surface px-6 py-3 text-sm font-semibold hover:bg-surface-raised"
      >
        {loading ? "Загружаем…" : "Показать ещё"}
      </PathLink>
    </div>
  );
}
