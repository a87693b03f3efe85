// Shared by the server-rendered grid and the lazily loaded masonic grid (which must not import the grid back).
import type { ReleaseCardData } from "~/domain/release-card";

export const MASONRY_COLUMN_WIDTH = 400;
/** Lists longer than this are virtualised with masonic. */
export const VIRTUALISE_AFTER = 48;
export const MASONRY_GAP = 0;

export type ReleaseGridItemProps = { release: ReleaseCardData; index: number };
