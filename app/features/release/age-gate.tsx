// Asks to confirm the viewer's age before an adult release (docs/product.md#roles). Most releases are not adult, so
// the question's own code is a lazy chunk the browser fetches only for a page that shows it
// (docs/decisions/0005-javascript-budget.md).
import { lazy, memo, Suspense, type ReactNode } from "react";
import * as serverSide from "./age-gate-dialog";

// The server renders the question at once (the HTML holds the working form for visitors without JavaScript); the
// browser keeps that HTML and hydrates it once the chunk has arrived.
const AgeGateDialog = import.meta.env.SSR ? serverSide.AgeGateDialog : lazy(() => import("./age-gate-dialog"));

/**
 * Memoised: while the question's chunk is on its way its Suspense boundary is still hydrating, and a re-render of
 * the page around it (the viewer's progress arriving) must not reach it, or React gives up on the server's HTML (#421).
 */
const LazyAgeGateDialog = memo(function LazyAgeGateDialog({ redirectTo }: { redirectTo: string }) {
  return (
    <Suspense fallback={null}>
      <AgeGateDialog redirectTo={redirectTo} />
    </Suspense>
  );
});

/** The page stays in the HTML (crawlers, no flash after confirming) but cannot be reached until the viewer confirms. */
export function AgeGate({ confirmed, redirectTo, children }: { confirmed: boolean; redirectTo: string; children: ReactNode }) {
  if (confirmed) return <>{children}</>;
  return (
    <>
      <div {...{ inert: "" }} className="pointer-events-none select-none blur-xl" data-age-gated="">
        {children}
      </div>
      {/* The backdrop is here, not in the lazy chunk: after a client-side navigation the page is covered at once. */}
      <div className="fixed inset-0 z-40 grid place-items-center bg-black/80 p-4">
        <LazyAgeGateDialog redirectTo={redirectTo} />
      </div>
    </>
  );
}
