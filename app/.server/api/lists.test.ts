import { describe, expect, it } from "vitest";
import {
  addFavorites,
  addToCollection,
  getAccountListReferences,
  getCollectionIds,
  getCollectionReleases,
  getFavoriteIds,
  removeFavorites,
} from "./lists";
import { pageFixture, releaseFixture, tableTransport, testContext } from "./test-fixtures";

describe("favorites and collections", () => {
  it("reads ids as a bare array or {data}, and mutations answer the new list", async () => {
    const transport = tableTransport({
      "/accounts/users/me/favorites/ids": { data: [1, 2] },
      "POST /accounts/users/me/favorites": [1, 2, 3],
      "DELETE /accounts/users/me/favorites": [1],
    });
    const context = testContext(transport, { token: "t" });
    expect(await getFavoriteIds(context)).toEqual([1, 2]);
    expect(await addFavorites(context, [3])).toEqual([1, 2, 3]);
    expect(await removeFavorites(context, [2, 3])).toEqual([1]);
    expect(await transport.requests[2]!.json()).toEqual([{ release_id: 2 }, { release_id: 3 }]);
  });

  it("reads collection pairs, keeping unknown types as text", async () => {
    const transport = tableTransport({
      "/accounts/users/me/collections/ids": [
        [7439, "WATCHING"],
        [1, "REWATCHING"],
      ],
      "POST /accounts/users/me/collections": [[7439, "WATCHED"]],
    });
    const context = testContext(transport);
    expect(await getCollectionIds(context)).toEqual([
      { releaseId: 7439, type: "WATCHING" },
      { releaseId: 1, type: "REWATCHING" },
    ]);
    expect(await addToCollection(context, [{ releaseId: 7439, type: "WATCHED" }])).toEqual([{ releaseId: 7439, type: "WATCHED" }]);
    expect(await transport.requests[1]!.json()).toEqual([{ release_id: 7439, type_of_collection: "WATCHED" }]);
  });

  it("pages a collection with its type and a year list", async () => {
    const transport = tableTransport({ "/accounts/users/me/collections/releases": pageFixture([releaseFixture()]) });
    const page = await getCollectionReleases(testContext(transport), { collection: "PLANNED", page: 1, limit: 12, years: [2020, 2021] });
    const params = new URL(transport.requests[0]!.url).searchParams;
    expect(params.get("type_of_collection")).toBe("PLANNED");
    expect(params.get("f[years]")).toBe("2020,2021");
    expect(page.items).toHaveLength(1);
  });

  it("loads the favorites references (with sorting) and collections references (without)", async () => {
    const lists = (base: string) => ({
      [`${base}/genres`]: [{ id: 1, name: "Драма" }],
      [`${base}/types`]: [{ value: "TV", description: "ТВ" }],
      [`${base}/years`]: [2020],
      [`${base}/age-ratings`]: [{ value: "R0_PLUS", label: "0+", description: null }],
      [`${base}/sorting`]: [{ value: "CREATED_AT_DESC", label: "Недавно добавленные", description: null }],
    });
    const transport = tableTransport({
      ...lists("/accounts/users/me/favorites/references"),
      ...lists("/accounts/users/me/collections/references"),
    });
    expect((await getAccountListReferences(testContext(transport), "favorites")).sorting).toHaveLength(1);
    expect((await getAccountListReferences(testContext(transport), "collections")).sorting).toEqual([]);
  });
});
