// Remix's <Scripts>, except that a page which is whole without JavaScript asks for its modules once it has been
// painted. Remix's `modulepreload` links and inline module script asked for them as the HTML was parsed, so the
// browser fetched ~100 KB of JavaScript while the stylesheet, the first pictures and the first paint still waited.
// The player starts its stream before hydration and asks for its modules once that is done (decisions 0226, 0234 and
// 0235); /me/downloads asks for them at once.
import { Scripts } from "@remix-run/react";
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { inlineJson } from "~/components/inline-json";
import { useFirstPageModules, type EarlyStartSignal } from "./module-preloads";

/**
 * Resolves once the browser has recorded the page's first contentful paint (an observer with `buffered` also hears of
 * one that came before it). At once in a hidden document (a background tab paints nothing until shown); after the
 * next frame where paint timing is unknown; after 3 s at the latest.
 */
export const AFTER_FIRST_PAINT = `new Promise((start) => {
  if (document.visibilityState === "hidden") return start();
  setTimeout(start, 3000);
  if (!(PerformanceObserver.supportedEntryTypes || []).includes("paint")) return requestAnimationFrame(() => setTimeout(start));
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
})`;

/**
 * Resolves once the page's early start has said it is over (decision 0235); at once in a hidden document, where
 * nothing competes with it; after 3 s at the latest, so a stream that never answers does not keep the page inert.
 */
export function afterEarlyStart(signal: EarlyStartSignal): string {
  return `new Promise((start) => {
  if (document.visibilityState === "hidden" || document.documentElement.hasAttribute(${inlineJson(signal.attribute)})) return start();
  setTimeout(start, 3000);
  addEventListener(${inlineJson(signal.event)}, () => start(), { once: true });
})`;
}

/**
 * A script that, once `gate` (a promise's source) resolves, asks for the page's modules (as Remix's links did from the
 * HTML), then adds Remix's module script unchanged: its imports run as one module graph, as they would have from the
 * HTML. What it adds takes the nonce of the page's own scripts.
 */
export function moduleScriptAfter(gate: string, moduleScript: string, modulePreloads: readonly string[]): string {
  return `${gate}.then(() => {
  const nonce = document.querySelector("script[nonce]")?.nonce ?? "";
  for (const href of ${inlineJson(modulePreloads)}) {
    const link = document.createElement("link");
    Object.assign(link, { rel: "modulepreload", href, nonce });
    document.head.append(link);
  }
  const script = document.createElement("script");
  Object.assign(script, { type: "module", nonce, textContent: ${inlineJson(moduleScript)} });
  document.body.append(script);
});`;
}

type ScriptsElement = ReactElement<{
  type?: string;
  rel?: string;
  href?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
}>;

function isModulePreload(element: ScriptsElement): boolean {
  return element.type === "link" && element.props.rel === "modulepreload";
}

function modulePreloadsIn(node: ReactNode): string[] {
  if (Array.isArray(node)) return node.flatMap(modulePreloadsIn);
  if (!isValidElement(node)) return [];
  const element = node as ScriptsElement;
  if (isModulePreload(element)) return element.props.href ? [element.props.href] : [];
  return modulePreloadsIn(element.props.children);
}

/** Remix's scripts without its `modulepreload` links, and its module script started once `gate` resolves (or empty). */
function deferred(node: ReactNode, gate: string | null, modulePreloads: readonly string[]): ReactNode {
  if (Array.isArray(node)) return node.map((child) => deferred(child, gate, modulePreloads));
  if (!isValidElement(node)) return node;
  const element = node as ScriptsElement;
  if (isModulePreload(element)) return null;
  if (element.type === "script" && element.props.type === "module") {
    const html = element.props.dangerouslySetInnerHTML?.__html ?? "";
    return cloneElement(element, {
      dangerouslySetInnerHTML: { __html: gate === null ? "" : moduleScriptAfter(gate, html, modulePreloads) },
    });
  }
  const { children } = element.props;
  return children === undefined ? element : cloneElement(element, undefined, deferred(children, gate, modulePreloads));
}

export function PageScripts({ nonce }: { nonce: string }) {
  const plan = useFirstPageModules();
  // Called, not rendered, so that its output can be changed; its hooks run on every render of this component, in order.
  const scripts = Scripts({ nonce });
  if (plan.pageModules === "at once") return scripts;
  // The browser hydrates the server's scripts, keeping their text (React neither compares nor runs it again): the
  // text of ours is written on the server only, and stays out of the page's JavaScript.
  if (!import.meta.env.SSR) return <>{deferred(scripts, null, [])}</>;
  const gate = plan.pageModules === "after early start" ? afterEarlyStart(plan.signal) : AFTER_FIRST_PAINT;
  return <>{deferred(scripts, gate, [...new Set(modulePreloadsIn(scripts))])}</>;
}
