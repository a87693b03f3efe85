import type { Plugin } from "vite";
import { clientModuleRewrite } from "./client-module-rewrite";
import { ROUTE_MODULE_FAILURE_HOOK } from "../route-module-failure";

const REMIX_ROUTE_MODULES = /@remix-run\/react\/dist\/esm\/routeModules\.js$/;
const REMIX_RELOAD = "window.location.reload();";

/**
 * Remix reloads the page you were on when a route's module fails to load during a navigation, with no guard
 * against a loop and without reaching the link's address. The client build hands the failure to the page's
 * handler instead (docs/decisions/0145); without a handler, or when it declines, the error reaches the error boundary.
 */
export function handRouteModuleFailuresToPage(source: string): string {
  if (!source.includes(REMIX_RELOAD)) {
    throw new Error("route-module-load-failure: Remix's route module loader changed; review docs/decisions/0145");
  }
  return source.replace(
    REMIX_RELOAD,
    `if (!(typeof window.${ROUTE_MODULE_FAILURE_HOOK} === "function" && window.${ROUTE_MODULE_FAILURE_HOOK}(error))) throw error;`,
  );
}

export function routeModuleLoadFailure(): Plugin {
  return clientModuleRewrite("route-module-load-failure", REMIX_ROUTE_MODULES, handRouteModuleFailuresToPage);
}
