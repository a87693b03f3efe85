import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countActiveFilters, parseCatalogFilters, toCatalogQuery } from "./catalog-query.server";

const parse = (query: string) => parseCatalogFilters(new URLSearchParams(query));

describe("catalogue filters from the address", () => {
  it("reads repeated parameters from a checkbox form and comma lists from a shared link alike", () => {
    expect(parse("types=TV&types=WEB").types).toEqual(["TV", "WEB"]);
    expect(parse("types=TV,WEB").types).toEqual(["TV", "WEB"]);
    expect(parse("genres=1,2&genres=2,3").genres).toEqual([1, 2, 3]);
  });

  it("drops unknown and hostile values instead of failing", () => {
    const filters = parse("types=TV,<script>&genres=abc,-1,5&sorting=DROP_TABLE&yearFrom=nope&page=0&ageRatings=R18_PLUS");
    expect(filters).toMatchObject({
      types: ["TV"],
      genres: [5],
      sorting: undefined,
      yearFrom: undefined,
      page: 1,
      ageRatings: ["R18_PLUS"],
    });
  });

  it("swaps a reversed year range", () => {
    expect(parse("yearFrom=2020&yearTo=2010")).toMatchObject({ yearFrom: 2010, yearTo: 2020 });
  });

  it("becomes the upstream query with a bounded page size", () => {
    const query = toCatalogQuery(parse("types=TV&yearFrom=2010&search=%20ван%20&page=3&sorting=YEAR_DESC"), 99);
    expect(query).toMatchObject({
      page: 3,
      limit: 50,
      types: ["TV"],
      years: { from: 2010, to: undefined },
      search: "ван",
      sorting: "YEAR_DESC",
    });
  });

  it("counts the filter blocks in use", () => {
    expect(countActiveFilters(parse("types=TV&genres=1&yearTo=2000&search=x"))).toBe(4);
    expect(countActiveFilters(parse(""))).toBe(0);
  });

  it("never throws on arbitrary query strings", () => {
    fc.assert(
      fc.property(fc.string(), (query) => {
        const filters = parse(query);
        expect(filters.page).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });
});
