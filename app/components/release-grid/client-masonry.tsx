import { Masonry, type RenderComponentProps } from "masonic";
import { useCallback, type ComponentType } from "react";
import type { ReleaseCardData } from "~/domain/release-card";
import { MASONRY_COLUMN_WIDTH, MASONRY_GAP, type ReleaseGridItemProps } from "./grid-geometry";

/**
 * Masonic turns pointer events off on its container while the window scrolls and for about 125 ms after: a tap on a
 * card just after a flick went to the page behind it, and nothing opened. Browsers already hold hover effects back
 * during a scroll, which was what that saved.
 */
const TAPPABLE_WHILE_SCROLLING = { pointerEvents: "auto" } as const;

type ClientMasonryProps = {
  releases: ReleaseCardData[];
  Item: ComponentType<ReleaseGridItemProps>;
};

export default function ClientMasonry({ releases, Item }: ClientMasonryProps) {
  const Render = useCallback(({ data, index }: RenderComponentProps<ReleaseCardData>) => <Item release={data} index={index} />, [Item]);
  return (
    <Masonry
      items={releases}
      render={Render}
      columnWidth={MASONRY_COLUMN_WIDTH}
      columnGutter={MASONRY_GAP}
      rowGutter={MASONRY_GAP}
      itemKey={(release) => release.id}
      itemHeightEstimate={220}
      overscanBy={3}
      role="list"
      style={TAPPABLE_WHILE_SCROLLING}
    />
  );
}
