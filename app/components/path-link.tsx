// Links to plain paths of this site, for the links a page renders by the dozen (cards, header, footer, episodes).
// Each is a bare anchor: no hooks and no handlers of its own, so it costs the server and the hydrating phone
// nothing beyond the element. One `PathLinkBehaviour` in the root layout gives all of them what Remix's <Link>
// gives one: client-side navigation on a plain left click and prefetching on intent (decisions 0216 and 0222), none in
// low-data mode (decision 0288).
import { Link, PrefetchPageLinks, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type AnchorHTMLAttributes, type ReactNode } from "react";
import { useIntentPrefetch, useLowData } from "./low-data";

type PathLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  prefetch?: "intent" | "none";
};

/** Marks the anchors `PathLinkBehaviour` navigates for; its value says whether to prefetch on intent. */
const MARKER_ATTRIBUTE = "data-path-link";
const INTENT = "intent";
/** Remix's delay before hovering or focusing counts as intent. */
const INTENT_DELAY_MS = 100;

/**
 * An address React Router's resolution leaves exactly as written: an absolute path with no second slash in a row, no
 * "." or ".." segment and no backslash (browsers read it as a slash), then at most a non-empty query; no fragment.
 */
const PLAIN_PATH = /^(?:\/|(?:\/[^/?#.\\][^/?#\\]*)+\/?)(?:\?[^#]+)?$/;

export function isPlainPath(to: string): boolean {
  return PLAIN_PATH.test(to);
}

export function PathLink({ to, prefetch = "none", children, ...anchorProps }: PathLinkProps) {
  if (!isPlainPath(to)) {
    return (
      <ResolvedLink to={to} prefetch={prefetch} {...anchorProps}>
        {children}
      </ResolvedLink>
    );
  }
  // The attributes of Remix's anchor in its order (`data-discover` asks for lazy route discovery), plus the marker.
  return (
    <a {...anchorProps} data-discover="true" {...{ [MARKER_ATTRIBUTE]: prefetch === INTENT ? INTENT : "" }} href={to}>
      {children}
    </a>
  );
}

/** An address React Router resolves (a relative or dotted path, a fragment): Remix's own link. */
function ResolvedLink({ prefetch, ...props }: PathLinkProps & { children?: ReactNode }) {
  const intent = useIntentPrefetch();
  return <Link {...props} prefetch={prefetch === INTENT ? intent : "none"} />;
}

function markedAnchorOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(`a[${MARKER_ATTRIBUTE}]`) : null;
}

/** React Router's rule for a click it may take over: the main button, no modifier key, no other browsing context. */
function isPlainClick(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  const target = anchor.getAttribute("target");
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === "_self") &&
    !anchor.hasAttribute("download") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * Listens on the document, after React's own listener there, so an anchor's `onClick` runs first and may cancel.
 * Rendered once, in the root layout.
 */
export function PathLinkBehaviour() {
  const navigate = useNavigate();
  const location = useLocation();
  const shownAddress = useRef("");
  shownAddress.current = `${location.pathname}${location.search}${location.hash}`;
  const [intended, setIntended] = useState<string | null>(null);
  const [prefetching, setPrefetching] = useState<string | null>(null);
  const lowData = useLowData() !== null;

  useEffect(() => {
    const navigateOnClick = (event: MouseEvent) => {
      const anchor = markedAnchorOf(event.target);
      if (!anchor || !isPlainClick(event, anchor)) return;
      const to = anchor.getAttribute("href");
      if (to === null || !isPlainPath(to)) return;
      event.preventDefault();
      // A plain link to the address already shown replaces the history entry, as the browser's own would.
      navigate(to, { replace: shownAddress.current === to });
    };
    const showIntent = (event: Event) => {
      const anchor = markedAnchorOf(event.target);
      if (anchor?.getAttribute(MARKER_ATTRIBUTE) === INTENT) setIntended(anchor.getAttribute("href"));
    };
    const dropIntent = (event: MouseEvent | FocusEvent) => {
      const anchor = markedAnchorOf(event.target);
      // Moving between an anchor's own children is not leaving it.
      if (!anchor || anchor.contains(event.relatedTarget as Node | null)) return;
      setIntended((current) => (current === anchor.getAttribute("href") ? null : current));
    };
    const listeners = [
      ["click", navigateOnClick],
      ["mouseover", showIntent],
      ["focusin", showIntent],
      ["touchstart", showIntent],
      ["mouseout", dropIntent],
      ["focusout", dropIntent],
    ] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, { passive: type !== "click" });
    return () => {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener);
    };
  }, [navigate]);

  useEffect(() => {
    if (intended === null || lowData) {
      setPrefetching(null);
      return;
    }
    const timer = setTimeout(() => setPrefetching(intended), INTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [intended, lowData]);

  return prefetching ? <PrefetchPageLinks page={prefetching} /> : null;
}
