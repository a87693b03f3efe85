// Remix's <Link> for a plain path of this site, for the links a page renders by the dozen (cards, header, footer).
// Remix's <Link> and React Router's resolve the target against the route matches three times per link (a JSON
// round trip each); a plain absolute path resolves to itself, so this one skips that and renders the same anchor:
// the same attributes in the same order, client-side navigation, prefetching on intent and route discovery
// (`data-discover`). Decision 0216.
import { Link, PrefetchPageLinks, useLocation, useNavigate } from "@remix-run/react";
import {
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type FocusEvent,
  type MouseEvent,
  type SyntheticEvent,
  type TouchEvent,
} from "react";

type PathLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  prefetch?: "intent" | "none";
};

/**
 * A path React Router's resolution leaves exactly as written: absolute, no second slash in a row, no "." or ".."
 * segment, no query or fragment, no backslash (browsers read it as a slash).
 */
const PLAIN_PATH = /^\/$|^(?:\/[^/?#.\\][^/?#\\]*)+\/?$/;

export function isPlainPath(to: string): boolean {
  return PLAIN_PATH.test(to);
}

export function PathLink({ to, prefetch = "none", ...anchorProps }: PathLinkProps) {
  if (!isPlainPath(to)) return <Link to={to} prefetch={prefetch} {...anchorProps} />;
  return <PlainPathLink to={to} prefetch={prefetch} {...anchorProps} />;
}

function isModifiedClick(event: MouseEvent) {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

function composed<Event extends SyntheticEvent>(theirs: ((event: Event) => void) | undefined, ours: () => void) {
  return (event: Event) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours();
  };
}

function PlainPathLink({
  to,
  prefetch,
  children,
  onClick,
  onFocus,
  onBlur,
  onMouseEnter,
  onMouseLeave,
  onTouchStart,
  ...anchorProps
}: PathLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  // Remix's prefetching on intent: hovering or focusing for 100 ms adds the target's <link rel="prefetch">es.
  const [intended, setIntended] = useState(false);
  const [prefetching, setPrefetching] = useState(false);
  useEffect(() => {
    if (!intended) return;
    const timer = setTimeout(() => setPrefetching(true), 100);
    return () => clearTimeout(timer);
  }, [intended]);
  const showIntent = () => {
    if (prefetch === "intent") setIntended(true);
  };
  const dropIntent = () => {
    if (prefetch !== "intent") return;
    setIntended(false);
    setPrefetching(false);
  };

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const target = anchorProps.target;
    if (event.defaultPrevented || event.button !== 0 || (target && target !== "_self") || isModifiedClick(event)) return;
    event.preventDefault();
    // A plain link to the address already shown replaces the history entry, as the browser's own would.
    navigate(to, { replace: `${location.pathname}${location.search}${location.hash}` === to });
  };

  return (
    <>
      <a
        {...anchorProps}
        onFocus={composed<FocusEvent<HTMLAnchorElement>>(onFocus, showIntent)}
        onBlur={composed<FocusEvent<HTMLAnchorElement>>(onBlur, dropIntent)}
        onMouseEnter={composed<MouseEvent<HTMLAnchorElement>>(onMouseEnter, showIntent)}
        onMouseLeave={composed<MouseEvent<HTMLAnchorElement>>(onMouseLeave, dropIntent)}
        onTouchStart={composed<TouchEvent<HTMLAnchorElement>>(onTouchStart, showIntent)}
        data-discover="true"
        href={to}
        onClick={handleClick}
      >
        {children}
      </a>
      {prefetching ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
}
