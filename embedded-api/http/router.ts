// The routing table: method + path pattern ("/anime/releases/{aliasOrId}") → handler.
import type { RequestContext } from "./context";
import type { SelectionShape } from "./field-selection";

export type Handler = (context: RequestContext) => unknown;
export type Method = "GET" | "POST" | "DELETE";

export interface Route {
  method: Method;
  path: string;
  handler: Handler;
  /** Where include/exclude apply (http/field-selection.ts); the answer itself or its `data` by default. */
  selection?: SelectionShape;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  parameterNames: string[];
}

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: Method[] }
  | { kind: "not-found" };

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map((route) => {
      const parameterNames: string[] = [];
      const source = route.path
        .replace(/\/+$/, "")
        .split("/")
        .map((segment) => {
          const parameter = /^\{(\w+)\}$/.exec(segment);
          if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          parameterNames.push(parameter[1] as string);
          return "([^/]+)";
        })
        .join("/");
      return { ...route, pattern: new RegExp(`^${source}$`), parameterNames };
    });
  }

  /** Method and path pattern of every route, for tools that exercise the whole table. */
  table(): Array<Pick<Route, "method" | "path">> {
    return this.routes.map(({ method, path }) => ({ method, path }));
  }

  match(method: string, path: string): RouteMatch {
    const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
    const allowed: Method[] = [];
    for (const route of this.routes) {
      const match = route.pattern.exec(normalized);
      if (!match) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      try {
        route.parameterNames.forEach((name, index) => {
          params[name] = decodeURIComponent(match[index + 1] as string);
        });
      } catch {
        return { kind: "not-found" };
      }
      return { kind: "found", route, params };
    }
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
  }
}
