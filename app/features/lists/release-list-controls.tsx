// The favorite and collection controls of the release page. Most visitors are not signed in and get two sign-in
// links; the interactive toggles are a lazy chunk, so their code is not part of the page's first-visit JavaScript
// (docs/decisions/0005-javascript-budget.md).
import { lazy, memo, Suspense } from "react";
import { CollectionSignInLink, FavoriteSignInLink } from "./sign-in-links";
import * as serverSide from "./signed-in-list-controls";
import type { ListState } from "./signed-in-list-controls";

// The server renders the toggles at once (the HTML must hold the working forms for visitors without JavaScript);
// the browser keeps that HTML and hydrates it once the chunk has arrived.
const SignedInListControls = import.meta.env.SSR
  ? serverSide.SignedInListControls
  : lazy(() => import("./signed-in-list-controls").then((module) => ({ default: module.SignedInListControls })));

/** Where the toggles will be while their chunk loads after a client-side navigation: same height, no layout shift. */
function ControlsPlaceholder() {
  return <span aria-hidden="true" className="inline-block h-10 w-72" />;
}

/**
 * Memoised: while the toggles' chunk is still on its way, their Suspense boundary is still hydrating, and a re-render
 * of the heading (the viewer's progress arriving) must not reach it, or React gives up on the server's HTML (#421).
 */
export const ReleaseListControls = memo(function ReleaseListControls({ releaseId, lists }: { releaseId: number; lists: ListState | null }) {
  if (!lists) {
    return (
      <>
        <FavoriteSignInLink />
        <CollectionSignInLink />
      </>
    );
  }
  return (
    <Suspense fallback={<ControlsPlaceholder />}>
      <SignedInListControls releaseId={releaseId} lists={lists} />
    </Suspense>
  );
});
