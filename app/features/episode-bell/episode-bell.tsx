// The bell on a title (decision 0284). The server renders the whole menu: a form that works without JavaScript. In
// the browser its code is a chunk fetched only when the viewer reaches for the bell (a pointer over it, focus, a
// touch); until then the server's HTML is left as it is, so a click is the plain form's. After a navigation in the
// browser (no server HTML to keep) the chunk is fetched at once.
//
// The server's HTML is kept by an element whose content React does not hydrate (empty `dangerouslySetInnerHTML`,
// React's documented way to leave markup alone), not by a Suspense boundary left waiting: React gives up a waiting
// boundary's HTML (error #421) on any update above it, and every fetcher's change of the router's state is one.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import * as serverSide from "./episode-bell-menu";
import type { EpisodeBellProps } from "./episode-bell-menu";

type Menu = typeof serverSide.EpisodeBellMenu;

let reachedFor: () => void = () => undefined;
const bellReached = new Promise<void>((resolve) => (reachedFor = resolve));

if (typeof document !== "undefined") {
  const onReach = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("[data-episode-bell]")) reachedFor();
  };
  for (const type of ["pointerover", "focusin", "touchstart"]) document.addEventListener(type, onReach, { capture: true, passive: true });
}

/** The menu's code once the browser has it: every later bell renders with it at once. */
let loadedMenu: Menu | null = null;
/** Set once the first page has hydrated: a bell rendered after that came with a navigation in the browser. */
let firstPageHydrated = false;

const SLOT_CLASS = "contents";
const CONTROLS = "summary, button, a[href], input, select";

/**
 * What the viewer did to the server's menu when the browser's takes its place — the menu opened, a control focused —
 * is done again to the new one.
 */
function useStateKept(slot: RefObject<HTMLDivElement>, swapped: boolean) {
  const kept = useRef<{ open: boolean; focused: number } | null>(null);
  const remember = useCallback(() => {
    const focusable = [...(slot.current?.querySelectorAll<HTMLElement>(CONTROLS) ?? [])];
    const open = slot.current?.querySelector("details")?.open ?? false;
    kept.current = { open, focused: focusable.findIndex((control) => control === document.activeElement) };
  }, [slot]);
  useLayoutEffect(() => {
    const state = kept.current;
    if (!swapped || !state) return;
    kept.current = null;
    const details = slot.current?.querySelector("details");
    if (details && state.open) details.open = true;
    if (state.focused !== -1) slot.current?.querySelectorAll<HTMLElement>(CONTROLS)[state.focused]?.focus();
  }, [slot, swapped]);
  return remember;
}

export function EpisodeBell(props: EpisodeBellProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [Menu, setMenu] = useState<Menu | null>(() => (import.meta.env.SSR ? serverSide.EpisodeBellMenu : loadedMenu));
  const rememberState = useStateKept(slot, Menu !== null);
  useEffect(() => {
    const afterNavigation = firstPageHydrated;
    firstPageHydrated = true;
    if (Menu) return;
    let current = true;
    const load = () =>
      import("./episode-bell-menu").then((module) => {
        loadedMenu = module.EpisodeBellMenu;
        if (!current) return;
        rememberState();
        setMenu(() => module.EpisodeBellMenu);
      });
    void (afterNavigation ? load() : bellReached.then(load));
    return () => {
      current = false;
    };
  }, [Menu, rememberState]);
  if (!Menu) return <div ref={slot} className={SLOT_CLASS} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <div ref={slot} className={SLOT_CLASS}>
      <Menu {...props} />
    </div>
  );
}
