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

export function announceRouterReady(): void {
  if (announced || !window.__remixRouter) return;
  announced = window.__remixRouter;
  for (const callback of waiting.splice(0)) callback(announced);
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
