// What release cards share without their components, so pages that only need a size or a line import no JSX.
import type { ReleaseCardData } from "~/domain/release-card";

/** The upstream's poster preview size (thumbnails are half). */
export const POSTER_WIDTH = 300;
export const POSTER_HEIGHT = 420;

export function releaseMetaLine(release: Pick<ReleaseCardData, "type" | "year" | "season">): string {
  const parts = [release.type.description ?? release.type.value, release.year ? String(release.year) : null, release.season.description];
  return parts.filter(Boolean).join(" · ");
}
