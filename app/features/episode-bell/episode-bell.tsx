// The bell on a title (decision 0284). The server renders the whole menu: a form that works without JavaScript. In
// the browser its code is a chunk fetched only when the viewer reaches for the bell (a pointer over it, focus, a
// touch); until then React leaves the server's HTML as it is, so a click is the plain form's. After a navigation in
// the browser (no server HTML to keep) the chunk is fetched at once.
import { lazy, memo, Suspense, useEffect } from "react";
import * as serverSide from "./episode-bell-menu";
import type { EpisodeBellProps } from "./episode-bell-menu";

let reachedFor: () => void = () => undefined;
const bellReached = new Promise<void>((resolve) => (reachedFor = resolve));

if (typeof document !== "undefined") {
  const onReach = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("[data-episode-bell]")) reachedFor();
  };
  for (const type of ["pointerover", "focusin", "touchstart"]) document.addEventListener(type, onReach, { capture: true, passive: true });
}

const EpisodeBellMenu = import.meta.env.SSR
  ? serverSide.EpisodeBellMenu
  : lazy(() => bellReached.then(() => import("./episode-bell-menu")).then((module) => ({ default: module.EpisodeBellMenu })));

/** Set once the first page has hydrated: a bell rendered after that came with a navigation in the browser. */
let firstPageHydrated = false;

/** Where the bell will be while its chunk loads after a navigation: same height, no layout shift. */
function BellPlaceholder() {
  return <span aria-hidden="true" className="inline-block h-10 w-48" />;
}

export const EpisodeBell = memo(function EpisodeBell(props: EpisodeBellProps) {
  useEffect(() => {
    if (firstPageHydrated) reachedFor();
    firstPageHydrated = true;
  }, []);
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <EpisodeBellMenu {...props} />
    </Suspense>
  );
});
