// The page's handler for a route module that failed to load during a navigation: the client build's copy of Remix
// calls it instead of reloading the page (build/route-module-load-failure.ts, docs/decisions/0145).
export const ROUTE_MODULE_FAILURE_HOOK = "__onRouteModuleLoadFailure";
