import { describe, expect, it } from "vitest";
import { MAX_PAGE, readPageNumber } from "./page-number.server";

const pageOf = (query: string) => readPageNumber(new URLSearchParams(query));

describe("readPageNumber", () => {
  it.each([
    ["page=3", 3],
    ["page=%203%20", 3],
    [`page=${MAX_PAGE}`, MAX_PAGE],
    ["types=TV&page=2&page=5", 2],
  ])("reads %j as page %i", (query, page) => {
    expect(pageOf(query)).toBe(page);
  });

  it.each(["", "page=", "page=%20", "page=0", "page=-2", "page=2.5", "page=abc", `page=${MAX_PAGE + 1}`, "page=99999999"])(
    "falls back to the first page for %j",
    (query) => {
      expect(pageOf(query)).toBe(1);
    },
  );
});
