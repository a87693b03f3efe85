// What low-data mode does to the player (decision 0288): where the quality starts, and the episode's size shown
// before it does.
import { LOW_DATA_MAX_HEIGHT } from "~/domain/low-data";
import { estimatedBytes } from "~/features/downloads/offline-playlist";
import { nominalBandwidth, renditionForChoice, type Rendition } from "~/features/video-engine/renditions";
import type { QualityChoice } from "~/features/video-engine/settings";

const CAPPED_CHOICE: QualityChoice = `${LOW_DATA_MAX_HEIGHT}`;

/** The remembered choice, held to the cap: anything above it starts at the cap; "auto" stays (see `withinCap`). */
export function cappedQuality(choice: QualityChoice): QualityChoice {
  return isAboveCap(choice) ? CAPPED_CHOICE : choice;
}

/** What the engine is asked to play: "auto" would climb past the cap, so it plays at the cap. */
export function withinCap(choice: QualityChoice): QualityChoice {
  return choice === "auto" ? CAPPED_CHOICE : choice;
}

/** The choices the cap keeps the player from making by itself (the viewer may still pick one for this episode). */
export function isAboveCap(choice: QualityChoice): boolean {
  return choice !== "auto" && Number(choice) > LOW_DATA_MAX_HEIGHT;
}

/**
 * The episode in the rendition `choice` plays (automatic: the cap's): its nominal bitrate (the master playlist's
 * BANDWIDTH) × its duration. Null when the duration or the renditions are unknown.
 */
export function episodeSize(
  renditions: readonly Rendition[],
  durationSeconds: number | null,
  choice: QualityChoice,
): { bytes: number; height: number } | null {
  if (!durationSeconds || durationSeconds <= 0) return null;
  const height = choice === "auto" ? LOW_DATA_MAX_HEIGHT : Number(choice);
  const rendition = renditionForChoice(renditions, height as Rendition["height"]);
  if (!rendition) return null;
  return { bytes: estimatedBytes(durationSeconds, nominalBandwidth(rendition.height)), height: rendition.height };
}
