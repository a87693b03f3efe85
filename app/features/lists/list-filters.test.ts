import { describe, expect, it } from "vitest";
import { COLLECTIONS_PATH, FAVORITES_PATH, listResetHref } from "./list-filters";

describe("listResetHref", () => {
  it("is the bare page when nothing picks the list", () => {
    expect(listResetHref(FAVORITES_PATH, {})).toBe("/me/favorites/");
  });

  it("keeps the collection type", () => {
    expect(listResetHref(COLLECTIONS_PATH, { type: "WATCHING" })).toBe("/me/collections/?type=WATCHING");
  });
});
