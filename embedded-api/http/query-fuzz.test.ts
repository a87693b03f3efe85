// Property test: arbitrary query strings on the list endpoints never produce a server error.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { TestClient } from "../test-support";

const client = new TestClient({ seed: { releases: 60 } });
let token = "";
afterAll(() => client.close());

const LIST_PATHS = [
  "/anime/catalog/releases",
  "/anime/releases/list",
  "/anime/releases/latest",
  "/anime/releases/random",
  "/anime/genres/1/releases",
  "/anime/genres/random",
  "/anime/franchises/random",
  "/anime/torrents",
  "/anime/torrents/rss",
  "/app/search/releases",
  "/media/videos",
  "/accounts/users/me/favorites/releases",
  "/accounts/users/me/collections/releases",
  "/accounts/users/me/views/timecodes",
  "/accounts/users/me/views/history",
];

const KNOWN_KEYS = [
  "page",
  "limit",
  "include",
  "exclude",
  "ids",
  "aliases",
  "query",
  "since",
  "type_of_collection",
  "f[types]",
  "f[genres]",
  "f[seasons]",
  "f[years]",
  "f[years][from_year]",
  "f[years][to_year]",
  "f[search]",
  "f[sorting]",
  "f[age_ratings]",
  "f[publish_statuses]",
  "f[production_statuses]",
  "f",
  "f[]",
  "f[types][]",
  "f[years][from_year][x]",
  "__proto__[x]",
  "constructor[prototype]",
];
const INTERESTING_VALUES = [
  "",
  "0",
  "-1",
  "1",
  "50",
  "51",
  "1e3",
  "9999999999999999999999",
  "NaN",
  "TV,WEB",
  "TV,,",
  ",",
  "winter",
  "RATING_DESC",
  "CREATED_AT_ASC",
  "IS_ONGOING",
  "R18_PLUS",
  "2016,2018",
  "аниме",
  "%",
  "'; DROP TABLE releases; --",
  "\u0000",
  "abc\u0000def",
  "тай\u0000на",
  '"""',
  "NEAR(",
  "a OR b",
  "***",
  "😀",
  "id,name.main",
  "..",
  "PLANNED",
];

const queryPairs = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string()),
    fc.oneof(fc.constantFrom(...INTERESTING_VALUES), fc.string(), fc.string({ unit: "grapheme" })),
  ),
  { maxLength: 6 },
);

describe("arbitrary query strings", () => {
  it("never answer 5xx on list endpoints", async () => {
    token = await client.signIn();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LIST_PATHS), queryPairs, async (path, pairs) => {
        const params = new URLSearchParams();
        for (const [key, value] of pairs) params.append(key, value);
        const answer = await client.get(`${path}?${params.toString()}`, { token });
        expect(answer.status, `${path}?${params.toString()}`).toBeLessThan(500);
        expect([200, 404, 422]).toContain(answer.status);
      }),
      { numRuns: 400 },
    );
  });

  it("never answer 5xx to raw query text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LIST_PATHS), fc.string({ maxLength: 80 }), async (path, raw) => {
        const answer = await client.get(`${path}?${encodeURI(raw).replace(/#/g, "%23")}`, { token });
        expect(answer.status, `${path}?${raw}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
