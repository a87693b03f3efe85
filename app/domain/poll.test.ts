import { describe, expect, it } from "vitest";
import { voteShare } from "./poll";

describe("voteShare", () => {
  it("rounds to whole percent and is 0 before anyone voted", () => {
    expect(voteShare(1, 3)).toBe(33);
    expect(voteShare(2, 3)).toBe(67);
    expect(voteShare(3, 3)).toBe(100);
    expect(voteShare(0, 0)).toBe(0);
  });
});
