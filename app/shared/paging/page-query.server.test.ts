import { describe, expect, it } from "vitest";
import { parsePageQuery } from "./page-query.server";

const at = (search: string) => new Request(`http://localhost/anime/torrents/${search}`);

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
