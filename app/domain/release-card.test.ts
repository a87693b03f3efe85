import { describe, expect, it } from "vitest";
import { CARD_DESCRIPTION_LIMIT, episodesOutSoFar, shortenDescription, toReleaseCard } from "./release-card";
import { ReleaseSchema, toRelease } from "~/.server/api/release-schema";
import { MEDIA_ORIGIN, releaseFixture } from "~/.server/api/test-fixtures";

describe("release cards", () => {
  it("keep short descriptions and cut long ones at a word, with an ellipsis", () => {
    expect(shortenDescription(null)).toBeNull();
    expect(shortenDescription("Коротко.")).toBe("Коротко.");
    const long = "слово ".repeat(100).trim();
    const cut = shortenDescription(long) ?? "";
    expect(cut.length).toBeLessThanOrEqual(CARD_DESCRIPTION_LIMIT + 1);
    expect(cut.endsWith("слово…")).toBe(true);
    expect(shortenDescription("а".repeat(400))).toBe(`${"а".repeat(CARD_DESCRIPTION_LIMIT)}…`);
  });

  it("carry only what a card shows", () => {
    const card = toReleaseCard(toRelease(ReleaseSchema.parse(releaseFixture()), MEDIA_ORIGIN));
    expect(Object.keys(card).sort()).toEqual(
      [
        "ageRating",
        "alias",
        "description",
        "episodesAreUnknown",
        "episodesTotal",
        "genres",
        "id",
        "isOngoing",
        "latestEpisode",
        "name",
        "poster",
        "season",
        "type",
        "year",
      ].sort(),
    );
    expect(Object.keys(card.name)).toEqual(["main", "english"]);
    for (const genre of card.genres) expect(Object.keys(genre)).toEqual(["name"]);
  });

  it("offer no episode of a release blocked by the copyright holder (the home page's «Смотреть 4-ю серию»)", () => {
    const release = toRelease(ReleaseSchema.parse(releaseFixture()), MEDIA_ORIGIN);
    const latestEpisode = { ...release.episodes[0]!, id: "e4", ordinal: 4 };
    expect(toReleaseCard({ ...release, latestEpisode }).latestEpisode).toEqual({ id: "e4", ordinal: 4 });
    expect(toReleaseCard({ ...release, latestEpisode, isBlockedByCopyrights: true }).latestEpisode).toBeNull();
  });

  it("count the episodes out so far from the latest one, whole numbers only («12,5» is the twelfth out)", () => {
    expect(episodesOutSoFar({ latestEpisode: { id: "e", ordinal: 1150 } })).toBe(1150);
    expect(episodesOutSoFar({ latestEpisode: { id: "e", ordinal: 12.5 } })).toBe(12);
    expect(episodesOutSoFar({ latestEpisode: { id: "e", ordinal: 0.5 } })).toBe(0);
    expect(episodesOutSoFar({ latestEpisode: null })).toBe(0);
  });
});
