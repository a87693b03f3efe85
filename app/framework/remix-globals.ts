// The globals Remix's browser build sets on `window`, read here only. Code outside React that needs Remix's router
// (`window.__remixRouter`) as soon as it exists: Remix creates it while the page hydrates; the root announces it as
// it commits its first render, in a layout effect, before the hydrated page's event handlers can start a client-side
// navigation (a click during hydration makes React finish it first).
type Router = NonNullable<typeof window.__remixRouter>;

const waiting: ((router: Router) => void)[] = [];
let announced: Router | null = null;

export function whenRouterReady(callback: (router: Router) => void): void {
  if (announced) callback(announced);
  else waiting.push(callback);
}

/**
 * Called by the root as it commits its first render, with the location that render showed. React Router's provider
 * subscribes to the router only in that commit: a navigation the router finished between the provider's first
 * render and its subscription (a back or forward while a slow phone hydrates) never reached the page, which kept
 * showing the page left while the address bar said otherwise. The router then reloads the data of where it is
 * (`revalidate`, its public call), which hands the provider its whole state; after the commit, so it is subscribed.
 */
export function announceRouterReady(renderedLocationKey: string): void {
  if (announced || !window.__remixRouter) return;
  const router = window.__remixRouter;
  announced = router;
  queueMicrotask(() => {
    if (router.state.navigation.state === "idle" && router.state.location.key !== renderedLocationKey) void router.revalidate();
  });
  for (const callback of waiting.splice(0)) callback(router);
}

/** The address a client-side navigation in progress is going to, or null (also before hydration). */
export function pendingNavigationHref(): string | null {
  const target = window.__remixRouter?.state.navigation.location;
  return target ? new URL(`${target.pathname}${target.search}${target.hash}`, window.location.href).href : null;
}

/** The version of the build this page runs (Remix's route manifest carries it). */
export function pageBuildVersion(): string {
  return window.__remixManifest.version;
}
