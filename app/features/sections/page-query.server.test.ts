import { describe, expect, it } from "vitest";
import { assertPageExists, parsePageQuery } from "./page-query.server";

const at = (search: string) => new Request(`http://localhost/anime/torrents/${search}`);
const pagination = (currentPage: number, totalPages: number) => ({
  total: totalPages * 10,
  count: 10,
  perPage: 10,
  currentPage,
  totalPages,
  links: { next: null, previous: null },
});

describe("parsePageQuery", () => {
  it("reads a page number", () => {
    expect(parsePageQuery(at("?page=3"))).toBe(3);
  });

  it.each(["", "?page=", "?page=0", "?page=-2", "?page=2.5", "?page=abc", "?page=99999999"])(
    "falls back to the first page for %j",
    (search) => {
      expect(parsePageQuery(at(search))).toBe(1);
    },
  );
});

describe("assertPageExists", () => {
  it("accepts a page inside the list and the first page of an empty list", () => {
    expect(() => assertPageExists(at("?page=2"), pagination(2, 3))).not.toThrow();
    expect(() => assertPageExists(at(""), pagination(1, 0))).not.toThrow();
  });

  it("answers 404 past the last page", () => {
    let thrown: unknown;
    try {
      assertPageExists(at("?page=9"), pagination(9, 3));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
