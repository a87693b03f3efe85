import { describe, expect, it } from "vitest";
import { COLLECTION_TYPES } from "~/domain/account";
import { collectionAfter, collectionChange, favoriteChange, knownCollectionType } from "./list-changes";

describe("favoriteChange", () => {
  it("adds a release that is not in favorites and removes one that is", () => {
    expect(favoriteChange(false)).toBe("add");
    expect(favoriteChange(true)).toBe("remove");
  });
});

describe("collectionChange", () => {
  it("adds a release that is in no collection with the chosen type", () => {
    expect(collectionChange(null, "WATCHING")).toEqual({ kind: "add", type: "WATCHING" });
  });

  it("removes a release when the chosen type is the one it is in", () => {
    for (const type of COLLECTION_TYPES) expect(collectionChange(type, type)).toEqual({ kind: "remove", type });
  });

  it("moves a release in another type to the chosen one", () => {
    expect(collectionChange("PLANNED", "WATCHED")).toEqual({ kind: "move", from: "PLANNED", type: "WATCHED" });
  });

  it("tells the collection the release ends up in", () => {
    expect(collectionAfter(collectionChange(null, "PLANNED"))).toBe("PLANNED");
    expect(collectionAfter(collectionChange("PLANNED", "ABANDONED"))).toBe("ABANDONED");
    expect(collectionAfter(collectionChange("POSTPONED", "POSTPONED"))).toBeNull();
  });
});

describe("knownCollectionType", () => {
  it("keeps the five known types and drops anything else", () => {
    expect(knownCollectionType("WATCHING")).toBe("WATCHING");
    expect(knownCollectionType("FAVORITE")).toBeNull();
    expect(knownCollectionType(null)).toBeNull();
  });
});
