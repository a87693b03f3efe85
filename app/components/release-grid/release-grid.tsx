// A masonry grid of releases (docs/product.md#constants: masonic, 400 px columns, no gap). Cards have a fixed height, so CSS
// grid draws exactly the columns masonic would; the first page stays a CSS grid (no extra script for a page of
// cards), and once "show more" makes the list long, masonic takes over and renders only the cards near the
// viewport, which keeps long appended lists fast on slow phones.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useLayoutEffectInBrowser } from "~/components/use-layout-effect-in-browser";
import type { ReleaseCardData } from "~/domain/release-card";
import { VIRTUALISE_AFTER, type ReleaseGridItemProps } from "./grid-geometry";

export type { ReleaseGridItemProps };

type ReleaseGridProps = {
  releases: ReleaseCardData[];
  Item: ComponentType<ReleaseGridItemProps>;
  /** Changes when the list is a different list (new filters), so masonic starts over instead of shrinking. */
  listKey: string;
  label: string;
};

const ClientMasonry = lazy(() => import("./client-masonry"));

function StaticGrid({ releases, Item, label }: Omit<ReleaseGridProps, "listKey">) {
  return (
    <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,400px),1fr))]">
      {releases.map((release, index) => (
        <li key={release.id} className="render-when-near-card">
          <Item release={release} index={index} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A long list first renders as the static grid, after hydration or navigation alike: when Back brings a long list
 * again, the scroll position the router restores in that same commit exists (masonic's first render estimates
 * its height from the window's width, not its own, and would cut the page short). Masonic then takes over,
 * kept at least as tall as the static grid was until the window is resized.
 */
function VirtualisedGrid(props: ReleaseGridProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [staticHeight, setStaticHeight] = useState<number | null>(null);
  const measured = staticHeight !== null;

  useLayoutEffectInBrowser(() => {
    setStaticHeight(wrapper.current?.offsetHeight ?? 0);
  }, []);

  useEffect(() => {
    if (!measured) return;
    const forgetHeight = () => setStaticHeight(0);
    window.addEventListener("resize", forgetHeight, { once: true });
    return () => window.removeEventListener("resize", forgetHeight);
  }, [measured]);

  const staticGrid = <StaticGrid {...props} />;
  return (
    <div ref={wrapper} style={staticHeight ? { minHeight: staticHeight } : undefined}>
      {measured ? (
        <Suspense fallback={staticGrid}>
          <ClientMasonry releases={props.releases} Item={props.Item} />
        </Suspense>
      ) : (
        staticGrid
      )}
    </div>
  );
}

export function ReleaseGrid(props: ReleaseGridProps) {
  // A new list (other filters) is a new grid: its static height is measured again.
  return props.releases.length > VIRTUALISE_AFTER ? <VirtualisedGrid key={props.listKey} {...props} /> : <StaticGrid {...props} />;
}
