// Code outside React that needs Remix's router (`window.__remixRouter`) as soon as it exists. Remix creates it while
// the page hydrates; the root announces it as it commits its first render, in a layout effect: before the hydrated
// page's event handlers can start a client-side navigation (a click during hydration makes React finish it first).
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
