// The client's schemas against real answers of the live API (tests/fixtures/recorded/README.md says where they are from).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getGenres } from "./genres";
import { toRelease } from "./release-schema";
import { getLatestReleaseCards, getRelease, ReleaseListSchema } from "./releases";
import { MEDIA_ORIGIN, releaseFixture, tableTransport, testContext } from "./test-fixtures";

const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../tests/fixtures/recorded/${name}`, import.meta.url), "utf8")) as unknown;
const LATEST = recorded("latest-14-2025-01-15.json") as Record<string, unknown>[];

describe("recorded live answers", () => {
  it("reads the 14 latest releases, with `src` posters and whether the episode count is known", async () => {
    // The release schema (release lists, recommendations) on every field it reads...
    const releases = ReleaseListSchema.parse(LATEST).map((release) => toRelease(release, MEDIA_ORIGIN));
    expect(releases).toHaveLength(14);
    const medalist = releases.find((release) => release.alias === "medalist");
    expect(medalist).toMatchObject({ id: 9875, episodesTotal: 13, episodesAreUnknown: false, shikimori: null, mal: null });
    expect(medalist?.poster.preview).toMatch(new RegExp(`^${MEDIA_ORIGIN}/storage/releases/posters/9875/.+\\.jpg$`));
    expect(medalist?.latestEpisode?.preview.preview).toMatch(/^https:\/\/media\.example\/storage\/releases\/episodes\/previews\/9875\//);
    // Unknown although a total is given: the total is a guess.
    expect(releases.find((release) => release.id === 9840)).toMatchObject({ episodesTotal: 12, episodesAreUnknown: true });
    expect(releases.filter((release) => release.episodesAreUnknown)).toHaveLength(7);
    // ...and the call itself, read as the cards it shows.
    const cards = await getLatestReleaseCards(testContext(tableTransport({ "/anime/releases/latest": LATEST })));
    expect(cards).toHaveLength(14);
    expect(cards.find((card) => card.alias === "medalist")).toMatchObject({ id: 9875, episodesTotal: 13, poster: medalist?.poster });
    expect(cards.filter((card) => card.episodesAreUnknown)).toHaveLength(7);
  });

  it("reads the 35 live genres with their ids", async () => {
    const genres = await getGenres(testContext(tableTransport({ "/anime/genres": recorded("genres-35-2025-01-20.json") })));
    expect(genres).toHaveLength(35);
    expect(genres.find((genre) => genre.id === 36)?.name).toBe("Пародия");
    expect(genres.find((genre) => genre.id === 14)).toMatchObject({ name: "Экшен", totalReleases: 659 });
  });
});

describe("fields of the current document", () => {
  it("reads Shikimori and MyAnimeList ids, and ignores shapes it does not know", async () => {
    const release = releaseFixture({
      shikimori: { id: 11757, url: "https://shikimori.io/animes/11757", votes: 128711, rating: 7.23 },
      mal: { id: "11757", url: "https://myanimelist.net/anime/11757" },
    });
    const transport = tableTransport({
      "/anime/releases/a": release,
      "/anime/releases/b": { ...release, shikimori: "11757", mal: { id: null } },
    });
    expect(await getRelease(testContext(transport), "a")).toMatchObject({
      shikimori: { id: 11757, rating: 7.23, votes: 128711 },
      mal: { id: 11757, rating: null, votes: null },
    });
    expect(await getRelease(testContext(transport), "b")).toMatchObject({ shikimori: null, mal: null });
  });

  it("takes a missing `episodes_are_unknown` (an older upstream) as a known count", async () => {
    const transport = tableTransport({ "/anime/releases/a": releaseFixture() });
    expect(await getRelease(testContext(transport), "a")).toMatchObject({ episodesTotal: 24, episodesAreUnknown: false });
  });
});
