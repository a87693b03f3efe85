// The bell on a title (decision 0284). The server renders the whole menu: a form that works without JavaScript. In
// the browser its code is fetched only when the viewer reaches for the bell (a pointer over it, focus, a touch); until
// then the server's HTML is left as it is, so a click is the plain form's. After a navigation in the browser (no
// server HTML to keep) the code is fetched at once.
//
// The server's HTML is kept by an element whose content React does not hydrate (an empty `dangerouslySetInnerHTML`),
// not by a Suspense boundary left waiting: React gives up a waiting boundary's HTML (error #421) on any update above
// it, and every fetcher's change of the router's state is one. What happens then is in bell-takeover.ts.
import { useEffect, useRef, useState } from "react";
import * as serverSide from "./episode-bell-menu";
import type { EpisodeBellProps } from "./episode-bell-menu";

export type Menu = typeof serverSide.EpisodeBellMenu;

const REACH = ["pointerover", "focusin", "touchstart"] as const;
/** The menu's code once the browser has it: every later bell renders with it at once. */
let loadedMenu: Menu | null = null;
/** Set once the first page has hydrated: a bell rendered after that came with a navigation in the browser. */
let firstPageHydrated = false;

export function EpisodeBell(props: EpisodeBellProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [Menu, setMenu] = useState<Menu | null>(() => (import.meta.env.SSR ? serverSide.EpisodeBellMenu : loadedMenu));
  useEffect(() => {
    const afterNavigation = firstPageHydrated;
    firstPageHydrated = true;
    const element = slot.current;
    if (Menu || !element) return;
    let current = true;
    let taken = false;
    const take = () => {
      if (taken) return;
      taken = true;
      void import("./bell-takeover").then(({ takeOver }) =>
        takeOver(element, (menu) => {
          loadedMenu = menu;
          if (current) setMenu(() => menu);
        }),
      );
    };
    if (afterNavigation) take();
    for (const type of REACH) element.addEventListener(type, take, { passive: true });
    return () => {
      current = false;
      for (const type of REACH) element.removeEventListener(type, take);
    };
  }, [Menu]);
  return Menu ? (
    <div ref={slot} className="contents">
      <Menu {...props} />
    </div>
  ) : (
    <div ref={slot} className="contents" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  );
}
