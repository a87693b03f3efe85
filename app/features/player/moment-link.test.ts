import { describe, expect, it } from "vitest";
import { momentOf } from "./moment-link";
import { momentLink } from "./share-moment";

const at = (t: string, duration: number | null = 1440) => momentOf(new URLSearchParams({ t }), duration);

describe("a link to a moment", () => {
  it("reads seconds, a clock and hours-minutes-seconds", () => {
    expect(at("754")).toBe(754);
    expect(at("12:34")).toBe(754);
    expect(at("1:02:03", 4000)).toBe(3723);
    expect(at("12m34s")).toBe(754);
    expect(at("1h2m3s", 4000)).toBe(3723);
    expect(at("45S")).toBe(45);
  });

  it("ignores what it cannot read, zero, and a moment past the episode's end", () => {
    for (const bad of ["", "abc", "-5", "1.5", "12:345", "h", "9".repeat(20), "1e3", "12:34:56:78", "0"]) expect(at(bad)).toBeNull();
    expect(at("1440")).toBeNull();
    expect(at("1439")).toBe(1439);
    expect(at("5000", null)).toBe(5000);
    expect(momentOf(new URLSearchParams(), 1440)).toBeNull();
  });

  it("builds the episode's address with the second and nothing else", () => {
    expect(momentLink("https://example.org/anime/video/episode/abc?room=x#y", 754.9)).toBe(
      "https://example.org/anime/video/episode/abc?t=754",
    );
  });
});
