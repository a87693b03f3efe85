// The offline page: what happened, and the pages this device can open without a network.
import { useEffect, useState } from "react";
import { savedPages, type SavedPage } from "./saved-pages";
import { offlinePageStrings } from "./offline-page-strings";

const strings = offlinePageStrings;

type SavedList = { status: "loading" } | { status: "unsupported" } | { status: "ready"; pages: SavedPage[] };

function useSavedPages(): SavedList {
  const [list, setList] = useState<SavedList>({ status: "loading" });
  useEffect(() => {
    if (typeof caches === "undefined") {
      setList({ status: "unsupported" });
      return;
    }
    let current = true;
    savedPages(caches, window.location.origin).then(
      (pages) => current && setList({ status: "ready", pages }),
      () => current && setList({ status: "ready", pages: [] }),
    );
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/** The address that could not be opened (`?from=`): only a path on this site is shown and linked back to. */
export function requestedPath(search: string): string | null {
  const value = new URLSearchParams(search).get("from");
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value.slice(0, 500);
}

/**
 * The worker answers every unsaved address with the one saved copy of this page, rendered without `?from=`:
 * the address is read after hydration so the saved markup and the first render agree.
 */
function useRequestedPath(): string | null {
  const [from, setFrom] = useState<string | null>(null);
  useEffect(() => setFrom(requestedPath(window.location.search)), []);
  return from;
}

export function OfflinePage() {
  const from = useRequestedPath();
  const list = useSavedPages();
  const retryHref = from ?? "/";
  return (
    <article>
      <h1 className="mb-4 text-2xl font-bold md:text-3xl">{strings.title}</h1>
      <p className="mb-2 text-muted">{strings.description}</p>
      {from ? <p className="mb-2 break-all text-muted">{strings.requested(from)}</p> : null}
      <p className="mt-6 flex flex-wrap gap-3">
        {/* Plain links: a full page load goes through the worker, which knows what is saved. */}
        <a href={retryHref} className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-page hover:opacity-90">
          {strings.retry}
        </a>
        <a href="/" className="rounded-md border border-line px-4 py-2 text-sm font-semibold hover:bg-surface-raised">
          {strings.home}
        </a>
      </p>
      <section aria-labelledby="offline-saved-pages" className="mt-10">
        <h2 id="offline-saved-pages" className="mb-3 text-xl font-semibold">
          {strings.availableTitle}
        </h2>
        {list.status === "loading" ? (
          <p role="status" className="text-muted">
            {strings.loading}
          </p>
        ) : list.status === "unsupported" ? (
          <p className="text-muted">{strings.noWorker}</p>
        ) : list.pages.length === 0 ? (
          <p className="text-muted">{strings.none}</p>
        ) : (
          <ul className="space-y-2" data-testid="offline-saved-pages">
            {list.pages.map((page) => (
              <li key={page.path}>
                <a href={page.path} className="underline-offset-4 hover:underline">
                  {page.title ?? strings.untitled}
                </a>{" "}
                <span className="break-all text-sm text-muted">{page.path}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
