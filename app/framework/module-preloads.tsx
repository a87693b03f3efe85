// The JavaScript modules of a page that needs them for its first moment (the player: hls.js and the player's
// modules stand between the page and the first frame), asked for from the <head> with the CSP nonce while the HTML
// is still being parsed (decision 0226). Other pages are whole without JavaScript and ask for it once they have been
// painted (`PageScripts`, decision 0234).
import { UNSAFE_RemixContext, useMatches, type UIMatch } from "@remix-run/react";
import { useContext, useState } from "react";
import { useNonce } from "~/components/nonce-provider";

type ModuleManifest = {
  /** Remix's route manifest module: the page's inline script imports it before anything else (decision 0232). */
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
};

/**
 * How a page says that work of its own, started before hydration, is over: an event on `window`, and an attribute on
 * `<html>` for a listener that comes later.
 */
export type EarlyStartSignal = { event: string; attribute: string };

/**
 * A route whose page needs its modules early says so in its `handle`, naming any module it needs beyond its own
 * (hls.js on the player). A page that starts work of its own before hydration (the player's early start, decision
 * 0235) names its signal: the `<head>` then asks only for the handle's modules, and the page's own wait for the signal.
 */
export type ModulePreloadsHandle = {
  modulePreloads?: (data: unknown) => readonly (string | null)[];
  startsBeforeHydration?: (data: unknown) => EarlyStartSignal | null;
};

/** What the first page asks for from its `<head>`, and what its module script waits for (`PageScripts`). */
export type FirstPageModules =
  | { head: readonly string[]; pageModules: "at once" | "after first paint" }
  | { head: readonly string[]; pageModules: "after early start"; signal: EarlyStartSignal };

/**
 * Nothing unless a matched route asks; then the route manifest, the entry's modules, each matched route's imports and
 * module, and what the routes' handles add, once each.
 */
export function modulePreloadsOf(manifest: ModuleManifest, matches: readonly Pick<UIMatch, "id" | "data" | "handle">[]): string[] {
  const asking = matches.flatMap((match) => {
    const modulePreloads = (match.handle as ModulePreloadsHandle | undefined)?.modulePreloads;
    return modulePreloads ? [modulePreloads(match.data)] : [];
  });
  if (asking.length === 0) return [];
  const hrefs = [manifest.url, manifest.entry.module, ...manifest.entry.imports];
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (route) hrefs.push(...(route.imports ?? []), route.module);
  }
  for (const extra of asking) for (const href of extra) if (href) hrefs.push(href);
  return [...new Set(hrefs)];
}

export function firstPageModulesOf(
  manifest: ModuleManifest,
  matches: readonly Pick<UIMatch, "id" | "data" | "handle">[],
): FirstPageModules {
  const all = modulePreloadsOf(manifest, matches);
  if (all.length === 0) return { head: [], pageModules: "after first paint" };
  for (const match of matches) {
    const handle = match.handle as ModulePreloadsHandle | undefined;
    const signal = handle?.startsBeforeHydration?.(match.data);
    if (!signal) continue;
    const own = (handle?.modulePreloads?.(match.data) ?? []).filter((href): href is string => href !== null);
    return { head: own, pageModules: "after early start", signal };
  }
  return { head: all, pageModules: "at once" };
}

/**
 * The first page's plan: nothing in the `<head>` for a page that is whole without JavaScript. The first render's plan,
 * kept: hydration must see what the server wrote, and a later page's modules are fetched by the router.
 */
export function useFirstPageModules(): FirstPageModules {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [plan] = useState<FirstPageModules>(() =>
    remix ? firstPageModulesOf(remix.manifest, matches) : { head: [], pageModules: "after first paint" },
  );
  return plan;
}

export function ModulePreloads() {
  const nonce = useNonce();
  const hrefs = useFirstPageModules().head;
  return hrefs.map((href) => (
    // The browser hides a nonce from the page once the element is in the document: the attribute differs by design.
    <link key={href} rel="modulepreload" href={href} nonce={nonce} suppressHydrationWarning />
  ));
}
