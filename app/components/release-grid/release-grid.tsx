// A masonry grid of releases (spec §9: masonic, 400 px columns, no gap). The server and the first client
// render draw the same columns with CSS grid; masonic (loaded after hydration) then takes over and only
// renders the cards near the viewport, which keeps long appended lists fast on slow phones.
import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import type { Release } from "~/domain/release";

export const MASONRY_COLUMN_WIDTH = 400;
export const MASONRY_GAP = 0;

export type ReleaseGridItemProps = { release: Release; index: number };

type ReleaseGridProps = {
  releases: Release[];
  Item: ComponentType<ReleaseGridItemProps>;
  /** Changes when the list is a different list (new filters), so masonic starts over instead of shrinking. */
  listKey: string;
  label: string;
};

const ClientMasonry = lazy(() => import("./client-masonry"));

export function ReleaseGrid({ releases, Item, listKey, label }: ReleaseGridProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const staticGrid = (
    <ul aria-label={label} className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,400px),1fr))]">
      {releases.map((release, index) => (
        <li key={release.id}>
          <Item release={release} index={index} />
        </li>
      ))}
    </ul>
  );

  if (!hydrated) return staticGrid;
  return (
    <Suspense fallback={staticGrid}>
      <ClientMasonry key={listKey} releases={releases} Item={Item} />
    </Suspense>
  );
}
