// The JavaScript modules of a page that needs them for its first moment (the player: hls.js and the player's
// modules stand between the page and the first frame), asked for from the <head> with the CSP nonce while the HTML
// is still being parsed (decision 0226). Other pages are whole without JavaScript and ask for it once they have been
// painted (`PageScripts`, decision 0234).
import { UNSAFE_RemixContext, useMatches, type UIMatch } from "@remix-run/react";
import { useContext, useState } from "react";
import { useNonce } from "./nonce-provider";

type ModuleManifest = {
  /** Remix's route manifest module: the page's inline script imports it before anything else (decision 0232). */
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
};

/**
 * A route whose page needs its modules early says so in its `handle`, naming any module it needs beyond its own
 * (hls.js on the player).
 */
export type ModulePreloadsHandle = { modulePreloads?: (data: unknown) => readonly (string | null)[] };

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

/**
 * The modules the first page asks for early; empty for a page that is whole without JavaScript. The first render's
 * list, kept: hydration must see what the server wrote, and a later page's modules are fetched by the router.
 */
export function useFirstPageModulePreloads(): readonly string[] {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [hrefs] = useState(() => (remix ? modulePreloadsOf(remix.manifest, matches) : []));
  return hrefs;
}

export function ModulePreloads() {
  const nonce = useNonce();
  const hrefs = useFirstPageModulePreloads();
  return hrefs.map((href) => (
    // The browser hides a nonce from the page once the element is in the document: the attribute differs by design.
    <link key={href} rel="modulepreload" href={href} nonce={nonce} suppressHydrationWarning />
  ));
}
