import { describe, expect, it } from "vitest";
import { addressWithoutEmptyFields, filledFields } from "./filled-query";

describe("a filter form's address without its empty fields", () => {
  it("keeps the filled fields in their order, repeated ones included", () => {
    const fields: [string, string][] = [
      ["search", ""],
      ["types", "TV"],
      ["yearFrom", ""],
      ["types", "MOVIE"],
      ["yearTo", " "],
      ["sorting", "FRESH_AT_DESC"],
    ];
    expect(filledFields(fields).toString()).toBe("types=TV&types=MOVIE&sorting=FRESH_AT_DESC");
  });

  it("names the clean address only when there is something to drop", () => {
    expect(addressWithoutEmptyFields(new URL("http://site/anime/catalog/?search=&yearFrom=&yearTo=&sorting=RATING_DESC"))).toBe(
      "/anime/catalog/?sorting=RATING_DESC",
    );
    expect(addressWithoutEmptyFields(new URL("http://site/anime/catalog/?search=&yearFrom="))).toBe("/anime/catalog/");
    expect(addressWithoutEmptyFields(new URL("http://site/anime/catalog/?types=TV"))).toBeNull();
    expect(addressWithoutEmptyFields(new URL("http://site/anime/catalog/"))).toBeNull();
  });
});
