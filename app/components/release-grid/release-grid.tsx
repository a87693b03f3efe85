// A masonry grid of releases (docs/product.md#constants: masonic, 400 px columns, no gap). Cards have a fixed height, so CSS
// grid draws exactly the columns masonic would; the first page stays a CSS grid (no extra script for a page of
// cards), and once "show more" makes the list long, masonic takes over and renders only the cards near the
// viewport, which keeps long appended lists fast on slow phones.
import { lazy, Suspense, type ComponentType } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
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

/** Only a long list waits for hydration: a short one would otherwise render all its cards a second time after it. */
function VirtualisedGrid(props: ReleaseGridProps) {
  const hydrated = useHydrated();
  const staticGrid = <StaticGrid {...props} />;
  if (!hydrated) return staticGrid;
  return (
    <Suspense fallback={staticGrid}>
      <ClientMasonry key={props.listKey} releases={props.releases} Item={props.Item} />
    </Suspense>
  );
}

export function ReleaseGrid(props: ReleaseGridProps) {
  return props.releases.length > VIRTUALISE_AFTER ? <VirtualisedGrid {...props} /> : <StaticGrid {...props} />;
}
