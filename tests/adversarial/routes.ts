// The app's URL patterns, read from the file names in app/routes/ (Remix flat routes), so a new route is
// covered by the adversarial suite without anyone listing it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface RoutePattern {
  /** The route module, e.g. `_app.anime.releases.release.$alias._index.tsx`. */
  file: string;
  /** URL segments: literals, `:name` for a parameter, `*` for a splat. */
  segments: string[];
  /** The module exports an action: POST bodies reach it. */
  hasAction: boolean;
}

const ROUTE_MODULE = /\.(tsx|ts|jsx|js)$/;

/** Splits a flat-route file name on dots outside `[...]` escapes. */
function splitRouteName(name: string): string[] {
  const parts: string[] = [];
  let current = "";
  let escaped = false;
  for (const character of name) {
    if (character === "[") escaped = true;
    else if (character === "]") escaped = false;
    else if (character === "." && !escaped) {
      parts.push(current);
      current = "";
    } else current += character;
  }
  parts.push(current);
  return parts;
}

/** URL segments of one flat-route file name; pathless layouts (`_app`) and `_index` add none. */
export function segmentsOfRouteFile(file: string): string[] {
  const name = file.replace(ROUTE_MODULE, "");
  const segments: string[] = [];
  for (const part of splitRouteName(name)) {
    if (part.startsWith("_")) continue;
    const literal = part.endsWith("_") ? part.slice(0, -1) : part;
    if (literal === "$") segments.push("*");
    else if (literal.startsWith("$")) segments.push(`:${literal.slice(1)}`);
    else segments.push(literal.replace(/^\((.*)\)$/, "$1"));
  }
  return segments;
}

export function isRouteModule(file: string): boolean {
  return ROUTE_MODULE.test(file) && !/\.test\./.test(file) && !file.startsWith(".");
}

const EXPORTS_ACTION = /export\s+(async\s+)?function\s+action\b|export\s+(const|let)\s+action\b|export\s*\{[^}]*\baction\b/;

export function exportsAction(source: string): boolean {
  return EXPORTS_ACTION.test(source);
}

/** Every distinct URL pattern of the app's routes directory; layouts that share a parent's URL collapse. */
export function readRoutePatterns(routesDirectory: string): RoutePattern[] {
  const byUrl = new Map<string, RoutePattern>();
  for (const file of readdirSync(routesDirectory).filter(isRouteModule).sort()) {
    const segments = segmentsOfRouteFile(file);
    const key = segments.join("/");
    const hasAction = exportsAction(readFileSync(path.join(routesDirectory, file), "utf8"));
    const known = byUrl.get(key);
    if (known) known.hasAction ||= hasAction;
    else byUrl.set(key, { file, segments, hasAction });
  }
  return [...byUrl.values()];
}

/** The routes with an action and no parameter in their URL: the forms a request can reach by a fixed address. */
export function fixedFormRoutes(routes: readonly RoutePattern[]): RoutePattern[] {
  return routes.filter((route) => route.hasAction && !route.segments.some((segment) => segment.startsWith(":") || segment === "*"));
}

/** A URL path from a pattern, with each parameter's (already encoded) value from `valueOf`. */
export function fillPattern(segments: readonly string[], valueOf: (name: string) => string): string {
  if (segments.length === 0) return "/";
  return `/${segments.map((segment) => (segment === "*" ? valueOf("*") : segment.startsWith(":") ? valueOf(segment.slice(1)) : segment)).join("/")}`;
}
