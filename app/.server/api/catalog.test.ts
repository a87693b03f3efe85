import { afterEach, describe, expect, it } from "vitest";
import { referenceCache } from "../reference-cache.server";
import { CARD_DESCRIPTION_LIMIT, toReleaseCardPage } from "~/domain/release-card";
import { getCatalogReferences, getCatalogReleaseCards, getCatalogReleases } from "./catalog";
import { UpstreamMalformedError, UpstreamValidationError } from "./errors";
import { getGenreReleases, getGenres } from "./genres";
import { episodeFixture, imageFixture, pageFixture, releaseFixture, tableTransport, testContext } from "./test-fixtures";

afterEach(() => referenceCache.clear());

describe("getCatalogReleases", () => {
  it("sends filters comma-joined and years as a range, and maps the page", async () => {
    const transport = tableTransport({ "/anime/catalog/releases": pageFixture([releaseFixture()]) });
    const page = await getCatalogReleases(testContext(transport), {
      page: 2,
      limit: 20,
      types: ["TV", "WEB"],
      genres: [5, 7],
      years: { from: 2010, to: 2020 },
      sorting: "RATING_DESC",
      ageRatings: [],
      search: "  меч ",
    });
    const params = new URL(transport.requests[0]!.url).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      page: "2",
      limit: "20",
      "f[types]": "TV,WEB",
      "f[genres]": "5,7",
      "f[years][from_year]": "2010",
      "f[years][to_year]": "2020",
      "f[sorting]": "RATING_DESC",
      "f[search]": "меч",
    });
    expect(page.items).toHaveLength(1);
    expect(page.pagination).toEqual({
      total: 40,
      count: 1,
      perPage: 20,
      currentPage: 1,
      totalPages: 2,
      links: { next: "https://upstream.example/api/v1/anime/catalog/releases?page=2", previous: null },
    });
  });

  it("turns a 422 (limit 51) into field errors", async () => {
    const transport = tableTransport({
      "/anime/catalog/releases": () =>
        Response.json({ message: "Лимит не может быть больше 50", errors: { limit: ["Лимит не может быть больше 50"] } }, { status: 422 }),
    });
    const failure = await getCatalogReleases(testContext(transport), { limit: 51 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamValidationError);
    expect((failure as UpstreamValidationError).fieldErrors).toEqual({ limit: ["Лимит не может быть больше 50"] });
    expect((failure as UpstreamValidationError).upstreamMessage).toBe("Лимит не может быть больше 50");
  });

  it("reports a page without `data` as malformed", async () => {
    const transport = tableTransport({ "/anime/catalog/releases": { items: [] } });
    await expect(getCatalogReleases(testContext(transport), {})).rejects.toBeInstanceOf(UpstreamMalformedError);
  });

  it("reads a page without meta as the only page", async () => {
    const transport = tableTransport({ "/anime/catalog/releases": { data: [releaseFixture()] } });
    const page = await getCatalogReleases(testContext(transport), {});
    expect(page.pagination).toMatchObject({ total: 1, currentPage: 1, totalPages: 1, links: { next: null, previous: null } });
  });
});

describe("catalogue references", () => {
  const references = {
    "/anime/catalog/references/genres": [{ id: 5, name: "Экшен" }],
    "/anime/catalog/references/types": [
      { value: "TV", description: "ТВ" },
      { value: "SHORT", description: "Короткометражка" },
      { value: null, description: "?" },
    ],
    "/anime/catalog/references/seasons": [{ value: "winter", description: "Зима" }],
    "/anime/catalog/references/years": [2024, 2023],
    "/anime/catalog/references/sorting": [{ value: "FRESH_AT_DESC", label: "Сначала новые", description: "Обновлённые недавно" }],
    "/anime/catalog/references/age-ratings": [{ value: "R6_PLUS", label: "6+", description: "Лицам старше 6 лет" }],
    "/anime/catalog/references/publish-statuses": [{ value: "IS_ONGOING", description: "Выходит" }],
    "/anime/catalog/references/production-statuses": { data: [{ value: "IS_IN_PRODUCTION", description: "Озвучивается" }] },
  };

  it("loads every list, keeps unknown values, drops valueless options", async () => {
    const transport = tableTransport(references);
    const result = await getCatalogReferences(testContext(transport));
    expect(result.types).toEqual([
      { value: "TV", label: "ТВ", description: "ТВ" },
      { value: "SHORT", label: "Короткометражка", description: "Короткометражка" },
    ]);
    expect(result.sorting[0]).toEqual({ value: "FRESH_AT_DESC", label: "Сначала новые", description: "Обновлённые недавно" });
    expect(result.years).toEqual([2024, 2023]);
    expect(result.productionStatuses).toHaveLength(1);
    expect(result.genres).toEqual([{ id: 5, name: "Экшен" }]);
  });

  it("caches per process: a second page view makes no upstream call, even in parallel", async () => {
    const transport = tableTransport(references);
    const context = testContext(transport);
    await Promise.all([getCatalogReferences(context), getCatalogReferences(context)]);
    await getCatalogReferences(context);
    expect(transport.requests).toHaveLength(8);
  });

  it("does not cache failures", async () => {
    let calls = 0;
    const transport = tableTransport({
      "/anime/genres": () =>
        ++calls === 1 ? new Response("{}", { status: 404 }) : Response.json([{ id: 1, name: "Драма", image: null, total_releases: 3 }]),
    });
    await expect(getGenres(testContext(transport))).rejects.toThrow();
    expect(await getGenres(testContext(transport))).toHaveLength(1);
  });

  it("maps the releases of a genre", async () => {
    const transport = tableTransport({ "/anime/genres/5/releases": pageFixture([releaseFixture()]) });
    const page = await getGenreReleases(testContext(transport), 5, { page: 1, limit: 10 });
    expect(page.items[0]?.alias).toBe("sword-art-online-alicization");
  });
});

describe("getCatalogReleaseCards", () => {
  const variants = [
    releaseFixture(),
    releaseFixture({
      latest_episode: episodeFixture({ ordinal: "12.5" }),
      name: { main: null, english: "" },
      poster: imageFixture("p/1", "src"),
    }),
    releaseFixture({ year: "2019", episodes_total: null, age_rating: null, genres: null, type: null, season: { value: null } }),
    releaseFixture({ description: "", is_ongoing: null, latest_episode: episodeFixture({ id: 55, ordinal: -1 }) }),
    releaseFixture({
      description: "Долгое описание. ".repeat(40),
      latest_episode: episodeFixture({ id: 56 }),
      is_blocked_by_copyrights: true,
    }),
  ];

  it("reads the same cards as the whole releases make, ready to show", async () => {
    const transport = tableTransport({ "/anime/catalog/releases": pageFixture(variants) });
    const query = { page: 1, limit: 24, sorting: "FRESH_AT_DESC" } as const;
    const cards = await getCatalogReleaseCards(testContext(transport), query);
    const releases = await getCatalogReleases(testContext(transport), query);
    expect(cards).toEqual(toReleaseCardPage(releases));
    expect(transport.requests[0]!.url).toBe(transport.requests[1]!.url);
    const blocked = cards.items.at(-1)!;
    expect(blocked.latestEpisode).toBeNull();
    expect(blocked.description!.length).toBeLessThanOrEqual(CARD_DESCRIPTION_LIMIT + 1);
  });

  it("rejects a page whose cards lack what they show", async () => {
    const transport = tableTransport({ "/anime/catalog/releases": pageFixture([releaseFixture({ alias: null })]) });
    await expect(getCatalogReleaseCards(testContext(transport), { page: 1 })).rejects.toBeInstanceOf(UpstreamMalformedError);
    await expect(getCatalogReleases(testContext(transport), { page: 1 })).rejects.toBeInstanceOf(UpstreamMalformedError);
  });
});
