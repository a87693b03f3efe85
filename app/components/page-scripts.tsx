// Remix's <Scripts>, except that a page which is whole without JavaScript asks for its modules once it has been
// painted. Remix's `modulepreload` links and inline module script asked for them as the HTML was parsed, so the
// browser fetched ~100 KB of JavaScript while the stylesheet, the first pictures and the first paint still waited.
// The player needs its modules for its first frame and keeps asking for them at once (decisions 0226 and 0234).
import { Scripts } from "@remix-run/react";
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { useFirstPageModulePreloads } from "./module-preloads";

/**
 * Resolves once the browser has recorded the page's first contentful paint (an observer with `buffered` also hears of
 * one that came before it). At once in a hidden document (a background tab paints nothing until shown); after the
 * next frame where paint timing is unknown; after 3 s at the latest.
 */
const AFTER_FIRST_PAINT = `new Promise((start) => {
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
 * A script that, after the first paint, asks for the page's modules all at once (as Remix's links did from the HTML)
 * and adds Remix's module script unchanged: its imports then run as one module graph, as they would have from the
 * HTML. What it adds takes the nonce of the page's own scripts.
 */
export function moduleScriptAfterFirstPaint(moduleScript: string, modulePreloads: readonly string[]): string {
  const literal = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return `${AFTER_FIRST_PAINT}.then(() => {
  const nonce = document.querySelector("script[nonce]")?.nonce ?? "";
  for (const href of ${literal(modulePreloads)}) {
    const link = document.createElement("link");
    Object.assign(link, { rel: "modulepreload", href, nonce });
    document.head.append(link);
  }
  const script = document.createElement("script");
  Object.assign(script, { type: "module", nonce, textContent: ${literal(moduleScript)} });
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

/** Remix's scripts without its `modulepreload` links, and its module script started after the first paint. */
function afterFirstPaint(node: ReactNode, modulePreloads: readonly string[]): ReactNode {
  if (Array.isArray(node)) return node.map((child) => afterFirstPaint(child, modulePreloads));
  if (!isValidElement(node)) return node;
  const element = node as ScriptsElement;
  if (isModulePreload(element)) return null;
  if (element.type === "script" && element.props.type === "module") {
    const html = element.props.dangerouslySetInnerHTML?.__html ?? "";
    return cloneElement(element, { dangerouslySetInnerHTML: { __html: moduleScriptAfterFirstPaint(html, modulePreloads) } });
  }
  const { children } = element.props;
  return children === undefined ? element : cloneElement(element, undefined, afterFirstPaint(children, modulePreloads));
}

export function PageScripts({ nonce }: { nonce: string }) {
  const asksForModulesEarly = useFirstPageModulePreloads().length > 0;
  // Called, not rendered, so that its output can be changed; its hooks run on every render of this component, in order.
  const scripts = Scripts({ nonce });
  return <>{asksForModulesEarly ? scripts : afterFirstPaint(scripts, [...new Set(modulePreloadsIn(scripts))])}</>;
}
