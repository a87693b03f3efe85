// Over the picture before the episode starts in low-data mode (decision 0288): the cap, and what the episode will cost.
import { LOW_DATA_MAX_HEIGHT } from "~/domain/low-data";
import { episodeSize } from "./low-data-cap";
import type { Rendition } from "~/features/video-engine/renditions";
import type { QualityChoice } from "~/features/video-engine/settings";
import { playerStrings } from "./strings";

const text = playerStrings.lowData;

type Props = { renditions: readonly Rendition[]; duration: number | null; quality: QualityChoice };

export function LowDataNotice({ renditions, duration, quality }: Props) {
  const size = episodeSize(renditions, duration, quality);
  return (
    <div
      className="pointer-events-none absolute right-3 top-3 z-10 max-w-[calc(100%-1.5rem)] rounded bg-black/75 px-3 py-1 text-right text-sm"
      data-low-data-notice
    >
      <p>{text.capped(LOW_DATA_MAX_HEIGHT)}</p>
      {size ? (
        <p data-episode-size>
          <span className="sr-only">{text.episodeSizeLabel}: </span>
          {text.episodeSize(size.bytes, size.height)}
        </p>
      ) : null}
    </div>
  );
}
