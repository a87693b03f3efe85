// Which controls sit in the bar and which go into the "more" menu, for the width the player has.
import { formatClock } from "~/i18n/format";

/** Controls that may leave the bar, most wanted first. Play, the time, settings and fullscreen never leave it. */
export const OPTIONAL_CONTROLS = ["next", "cast", "mute", "previous", "volume", "theatre", "pip", "shortcuts"] as const;
export type OptionalControl = (typeof OPTIONAL_CONTROLS)[number];

export type BarLayout = { inline: ReadonlySet<OptionalControl>; overflow: readonly OptionalControl[] };

const BUTTON_WIDTH = 40;
const GAP = 4;
const BAR_PADDING = 24;
const VOLUME_SLIDER_WIDTH = 80;
// text-sm tabular digits are about 8 px wide; a little more covers wider system fonts.
const TIME_CHAR_WIDTH = 8.5;
const TIME_MARGIN = 8;

/** The widest the "0:12 / 23:40" label gets for this duration (the playhead never has more digits than it). */
export function timeLabelWidth(duration: number): number {
  const longest = formatClock(duration).length * 2 + 3;
  return Math.ceil(longest * TIME_CHAR_WIDTH) + TIME_MARGIN;
}

function widthOf(control: OptionalControl): number {
  return (control === "volume" ? VOLUME_SLIDER_WIDTH : BUTTON_WIDTH) + GAP;
}

/**
 * Fills the bar in priority order and stops at the first control that does not fit, so a narrower player
 * never shows a less wanted control while hiding a more wanted one.
 */
export function barLayout(
  barWidth: number,
  duration: number,
  available: ReadonlySet<OptionalControl>,
  fullscreenSupported: boolean,
): BarLayout {
  const wanted = OPTIONAL_CONTROLS.filter((control) => available.has(control));
  const alwaysThere = BUTTON_WIDTH * (fullscreenSupported ? 3 : 2) + GAP * (fullscreenSupported ? 3 : 2) + timeLabelWidth(duration);
  const room = barWidth - BAR_PADDING - alwaysThere;
  const everything = wanted.reduce((sum, control) => sum + widthOf(control), 0);
  if (everything <= room) return { inline: new Set(wanted), overflow: [] };

  let left = room - (BUTTON_WIDTH + GAP);
  const inline = new Set<OptionalControl>();
  for (const control of wanted) {
    if (widthOf(control) > left) break;
    left -= widthOf(control);
    inline.add(control);
  }
  return { inline, overflow: wanted.filter((control) => !inline.has(control)) };
}
