// The release page's tabs: links to the nested routes (every tab has its own URL and works without JavaScript),
// with the ARIA tabs pattern and arrow-key movement once hydrated. Not Radix Tabs: see docs/decisions/0051.
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { releasePath } from "~/domain/site-paths";
import { releaseStrings } from "./strings";
import { useIntentPrefetch } from "~/components/low-data";

export const RELEASE_TABS = ["episodes", "torrents", "members", "franchises"] as const;
export type ReleaseTab = (typeof RELEASE_TABS)[number];

const PANEL_ID = "release-tab-panel";
const tabId = (tab: ReleaseTab) => `release-tab-${tab}`;

/** The tab an address shows; the release's own address shows the episodes. */
export function tabOfPath(pathname: string): ReleaseTab {
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  return RELEASE_TABS.find((tab) => tab === last) ?? "episodes";
}

/** Where focus goes from tab `index` of `count` on a key press, or null for keys the tab list ignores. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

type ReleaseTabsProps = { alias: string; active: ReleaseTab; showTorrents: boolean; children: ReactNode };

export function ReleaseTabs({ alias, active, showTorrents, children }: ReleaseTabsProps) {
  const prefetch = useIntentPrefetch();
  const tabs = RELEASE_TABS.filter((tab) => tab !== "torrents" || showTorrents);
  // Without JavaScript every tab link is reachable with the Tab key; once hydrated, only the selected one
  // is a tab stop and the arrow keys move between tabs (manual activation: Enter or Space opens one).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const list = useRef<HTMLDivElement>(null);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? [])];
    const index = links.findIndex((link) => link === document.activeElement);
    if (index === -1) return;
    if (event.key === " ") {
      event.preventDefault();
      links[index]?.click();
      return;
    }
    const next = nextTabIndex(event.key, index, links.length);
    if (next === null) return;
    event.preventDefault();
    links[next]?.focus();
  }

  return (
    <div className="mt-8">
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus lives on the tabs inside */}
      <div
        ref={list}
        role="tablist"
        aria-label={releaseStrings.tabs.label}
        onKeyDown={moveFocus}
        className="scroll-cue-x flex gap-1 border-b border-line"
      >
        {tabs.map((tab) => {
          const selected = tab === active;
          return (
            <Link
              key={tab}
              id={tabId(tab)}
              to={`${releasePath(alias)}/${tab}`}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? PANEL_ID : undefined}
              tabIndex={hydrated ? (selected ? 0 : -1) : undefined}
              preventScrollReset
              prefetch={prefetch}
              className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 sm:px-4 text-sm font-semibold text-muted hover:text-ink aria-selected:border-secondary aria-selected:text-ink"
            >
              {releaseStrings.tabs[tab]}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(active)} className="pt-5">
        {children}
      </div>
    </div>
  );
}
