// The bell on a title (decision 0284). The server renders the whole menu (a working form without JavaScript); the
// browser hydrates it once its chunk has arrived, so the release page's first-visit JavaScript does not carry it.
import { lazy, memo, Suspense } from "react";
import * as serverSide from "./episode-bell-menu";
import type { EpisodeBellProps } from "./episode-bell-menu";

const EpisodeBellMenu = import.meta.env.SSR
  ? serverSide.EpisodeBellMenu
  : lazy(() => import("./episode-bell-menu").then((module) => ({ default: module.EpisodeBellMenu })));

/** Where the bell will be while its chunk loads after a client-side navigation: same height, no layout shift. */
function BellPlaceholder() {
  return <span aria-hidden="true" className="inline-block h-10 w-48" />;
}

/** Memoised for the same reason as the list controls: a re-render must not reach a boundary still hydrating. */
export const EpisodeBell = memo(function EpisodeBell(props: EpisodeBellProps) {
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <EpisodeBellMenu {...props} />
    </Suspense>
  );
});
