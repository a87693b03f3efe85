import { describe, expect, it } from "vitest";
import { barLayout, OPTIONAL_CONTROLS, timeLabelWidth, type OptionalControl } from "./control-layout";

const ALL = new Set<OptionalControl>(OPTIONAL_CONTROLS);
const BUTTON = 40;
const GAP = 4;

function usedWidth(layout: ReturnType<typeof barLayout>, duration: number, fullscreen: boolean): number {
  const fixed = (fullscreen ? 3 : 2) * (BUTTON + GAP) + timeLabelWidth(duration);
  const more = layout.overflow.length > 0 ? BUTTON + GAP : 0;
  const inline = [...layout.inline].reduce((sum, control) => sum + (control === "volume" ? 80 : BUTTON) + GAP, 0);
  return 24 + fixed + more + inline;
}

describe("barLayout", () => {
  it("keeps every control in the bar of a wide player, with no menu", () => {
    const layout = barLayout(1280, 1420, ALL, true);
    expect([...layout.inline]).toEqual([...OPTIONAL_CONTROLS]);
    expect(layout.overflow).toEqual([]);
  });

  it("moves the least wanted controls into the menu on a phone, in priority order", () => {
    const layout = barLayout(390, 1420, ALL, true);
    expect(layout.overflow.length).toBeGreaterThan(0);
    expect(layout.overflow.at(-1)).toBe("shortcuts");
    expect([...layout.inline, ...layout.overflow]).toEqual([...OPTIONAL_CONTROLS]);
  });

  it.each([360, 390, 480, 600, 768, 1024])("never needs more than %i px", (width) => {
    for (const duration of [24, 1420, 5400]) {
      for (const fullscreen of [true, false]) {
        expect(usedWidth(barLayout(width, duration, ALL, fullscreen), duration, fullscreen)).toBeLessThanOrEqual(width);
      }
    }
  });

  it("leaves out what the browser does not offer", () => {
    const layout = barLayout(360, 24, new Set<OptionalControl>(["next", "shortcuts"]), false);
    expect([...layout.inline, ...layout.overflow]).toEqual(["next", "shortcuts"]);
  });

  it("sizes the time label for hour-long episodes", () => {
    expect(timeLabelWidth(5400)).toBeGreaterThan(timeLabelWidth(1420));
  });
});
