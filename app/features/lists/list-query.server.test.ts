import { describe, expect, it } from "vitest";
import type { AccountListReferences } from "~/domain/account";
import {
  contentsOfEmptyList,
  countActiveListFilters,
  listReferencesOffered,
  parseAccountListFilters,
  toCollectionQuery,
  toFavoritesQuery,
} from "./list-query.server";
import { collectionTypeOf } from "./list-filters";

const params = (query: string) => new URLSearchParams(query);

describe("parseAccountListFilters", () => {
  it("reads repeated and comma-joined lists, keeping known values once", () => {
    const filters = parseAccountListFilters(
      params(
        "types=TV,MOVIE&types=TV&types=NOPE&years=2020,1800,2021&genres=3&genres=x&ageRatings=R16_PLUS&search=%20ван%20&sorting=CREATED_AT_ASC&page=2&view=list",
      ),
      {
        withSorting: true,
      },
    );
    expect(filters).toEqual({
      types: ["TV", "MOVIE"],
      years: [2020, 2021],
      genres: [3],
      ageRatings: ["R16_PLUS"],
      search: "ван",
      sorting: "CREATED_AT_ASC",
      page: 2,
      view: "list",
    });
    expect(countActiveListFilters(filters)).toBe(5);
  });

  it("falls back to defaults for nonsense and ignores sorting on the collections page", () => {
    const filters = parseAccountListFilters(params("page=-4&view=grid&sorting=CREATED_AT_ASC&search=%20%20"), { withSorting: false });
    expect(filters).toEqual({
      types: [],
      years: [],
      genres: [],
      ageRatings: [],
      search: undefined,
      sorting: undefined,
      page: 1,
      view: "posters",
    });
    expect(countActiveListFilters(filters)).toBe(0);
  });

  it("builds the API queries with pages of 12 (docs/product.md#constants)", () => {
    const filters = parseAccountListFilters(params("years=2020&sorting=RATING_DESC&page=3"), { withSorting: true });
    expect(toFavoritesQuery(filters)).toEqual({
      page: 3,
      limit: 12,
      types: [],
      years: [2020],
      genres: [],
      search: undefined,
      ageRatings: [],
      sorting: "RATING_DESC",
    });
    expect(toCollectionQuery(filters, "WATCHING")).toMatchObject({ page: 3, limit: 12, years: [2020], collection: "WATCHING" });
    expect(toCollectionQuery(filters, "WATCHING")).not.toHaveProperty("sorting");
  });
});

describe("collectionTypeOf", () => {
  it("is the type from the address, PLANNED by default and for unknown values", () => {
    expect(collectionTypeOf(params("type=ABANDONED"))).toBe("ABANDONED");
    expect(collectionTypeOf(params(""))).toBe("PLANNED");
    expect(collectionTypeOf(params("type=planned"))).toBe("PLANNED");
  });
});

describe("listReferencesOffered", () => {
  const references: AccountListReferences = {
    genres: [
      { id: 3, name: "Драма" },
      { id: 4, name: "Комедия" },
    ],
    types: [{ value: "TV", label: "ТВ", description: null }],
    years: [2024],
    ageRatings: [],
    sorting: [{ value: "CREATED_AT_DESC", label: "Недавно добавленные", description: null }],
  };
  const noFilters = { types: [], years: [], genres: [], ageRatings: [] };

  it("offers nothing on an empty list with no filter set (an empty «Запланировано» beside a full «Смотрю»)", () => {
    expect(listReferencesOffered(references, contentsOfEmptyList(0, 0), noFilters)).toEqual({
      genres: [],
      types: [],
      years: [],
      ageRatings: [],
      sorting: [],
    });
  });

  it("keeps the options of a list it cannot see whole, and of an empty one whose filters can be changed back", () => {
    expect(listReferencesOffered(references, contentsOfEmptyList(5, 0), noFilters)).toBe(references);
    expect(listReferencesOffered(references, contentsOfEmptyList(0, 1), noFilters)).toBe(references);
  });

  it("offers the values the list's releases have, and the chosen ones", () => {
    const contents = { types: new Set(["TV"]), years: new Set<number>(), genres: new Set([4]), ageRatings: new Set<string>() };
    expect(listReferencesOffered(references, contents, noFilters)).toEqual({
      ...references,
      genres: [{ id: 4, name: "Комедия" }],
      years: [],
    });
    expect(listReferencesOffered(references, contents, { ...noFilters, genres: [3], years: [2024] })).toEqual(references);
  });
});
