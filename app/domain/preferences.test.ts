import { describe, expect, it } from "vitest";
import { guessViewportFromUserAgent, isMobileViewport, viewportForWidth } from "./preferences";

describe("viewport breakpoints", () => {
  it.each([
    [0, "xs"],
    [599, "xs"],
    [600, "sm"],
    [959, "sm"],
    [960, "md"],
    [1279, "md"],
    [1280, "lg"],
    [1920, "xl"],
    [3000, "xl"],
  ] as const)("%i px is %s", (width, expected) => {
    expect(viewportForWidth(width)).toBe(expected);
  });

  it("treats everything below lg as mobile", () => {
    expect(isMobileViewport("md")).toBe(true);
    expect(isMobileViewport("lg")).toBe(false);
  });

  it("guesses from the user agent before the cookie exists", () => {
    expect(guessViewportFromUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("xs");
    expect(guessViewportFromUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0")).toBe("lg");
    expect(guessViewportFromUserAgent(null)).toBe("md");
  });
});
