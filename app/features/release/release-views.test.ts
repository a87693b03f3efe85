import { describe, expect, it } from "vitest";
import type { Episode, Release } from "~/domain/release";
import type { ScheduleEntry } from "~/domain/schedule";
import type { Torrent } from "~/domain/torrent";
import { EMPTY_IMAGE } from "~/domain/image";
import { needsAgeConfirmation } from "./age-confirmation";
import { parseEpisodesQuery } from "./episodes-query.server";
import { sortEpisodes } from "~/domain/episode-order";
import { episodesHref, toEpisodeListItem } from "./episodes-view";
import { latestScheduled } from "./latest-scheduled";
import { toSideRelease, toSideScheduleEntry } from "./side-releases";
import { inlineJson } from "~/components/inline-json";
import { releaseJsonLd } from "./release-json-ld";
import { nextTabIndex, tabOfPath } from "./release-tabs";
import { qualityOptions, selectedQuality, torrentsOfQuality } from "./torrent-quality";

function episode(id: string, ordinal: number | null, sortOrder: number | null = null, updatedAt: string | null = null): Episode {
  return {
    id,
    name: null,
    nameEnglish: null,
    ordinal,
    opening: null,
    ending: null,
    preview: EMPTY_IMAGE,
    hls480: null,
    hls720: null,
    hls1080: null,
    duration: 1440,
    rutubeId: null,
    youtubeId: null,
    updatedAt,
    sortOrder,
  };
}

function release(overrides: Partial<Release> = {}): Release {
  return {
    id: 1,
    alias: "frieren",
    name: { main: "Провожающая в последний путь Фрирен", english: "Sousou no Frieren", alternative: null },
    year: 2023,
    type: { value: "TV", description: "ТВ" },
    season: { value: "autumn", description: "Осень" },
    poster: { ...EMPTY_IMAGE, preview: "https://example.org/poster.jpg" },
    freshAt: null,
    createdAt: null,
    updatedAt: null,
    isOngoing: false,
    isInProduction: false,
    isBlockedByGeo: false,
    isBlockedByCopyrights: false,
    ageRating: { value: "R12_PLUS", label: "12+", isAdult: false, description: null },
    publishDay: { value: 5, description: "Пятница" },
    description: "Эльфийка </script><script>alert(1)</script> путешествует.",
    notification: null,
    episodesTotal: 28,
    episodesAreUnknown: false,
    shikimori: null,
    mal: null,
    externalPlayer: null,
    addedInUsersFavorites: 1234,
    averageDurationOfEpisode: 24,
    genres: [{ id: 3, name: "Фэнтези", image: EMPTY_IMAGE, totalReleases: null }],
    sponsor: null,
    episodes: [],
    members: [],
    latestEpisode: null,
    ...overrides,
  };
}

describe("episodes query", () => {
  it("reads the view and the sort, and falls back to the defaults for anything else", () => {
    expect(parseEpisodesQuery(new URL("http://x/e?view=previews&sort=desc"))).toEqual({ view: "previews", sort: "desc", page: 1 });
    expect(parseEpisodesQuery(new URL("http://x/e"))).toEqual({ view: "list", sort: "asc", page: 1 });
    expect(parseEpisodesQuery(new URL("http://x/e?view=<svg>&sort=sideways&page=-3"))).toEqual({ view: "list", sort: "asc", page: 1 });
    expect(parseEpisodesQuery(new URL("http://x/e?page=12")).page).toBe(12);
    expect(parseEpisodesQuery(new URL("http://x/e?page=1e400")).page).toBe(1);
  });

  it("builds switch links that keep other parameters and leave defaults out", () => {
    expect(episodesHref("/r/x/episodes", "?sort=desc", { view: "previews" })).toBe("/r/x/episodes?sort=desc&view=previews");
    expect(episodesHref("/r/x/episodes", "?sort=desc&view=previews", { sort: "asc" })).toBe("/r/x/episodes?view=previews");
    expect(episodesHref("/r/x/episodes", "?view=previews", { view: "list" })).toBe("/r/x/episodes");
    expect(episodesHref("/r/x/episodes", "?view=previews", { page: 3 })).toBe("/r/x/episodes?view=previews&page=3");
    expect(episodesHref("/r/x/episodes", "?page=3", { page: 1 })).toBe("/r/x/episodes");
    // A new order starts from its first page.
    expect(episodesHref("/r/x/episodes", "?page=3", { sort: "desc" })).toBe("/r/x/episodes?sort=desc");
  });

  it("orders episodes by sort order, then ordinal, in either direction", () => {
    const episodes = [episode("c", 3), episode("a", 1), episode("s", 12.5, 13), episode("b", 2)];
    expect(sortEpisodes(episodes, "asc").map((item) => item.id)).toEqual(["a", "b", "c", "s"]);
    expect(sortEpisodes(episodes, "desc").map((item) => item.id)).toEqual(["s", "c", "b", "a"]);
  });
});

describe("age confirmation", () => {
  it("is needed for an adult release until the cookie says otherwise", () => {
    const adult = { ageRating: { value: "R18_PLUS", label: "18+", isAdult: true, description: null } };
    expect(needsAgeConfirmation(adult, null)).toBe(true);
    expect(needsAgeConfirmation(adult, "theme=dark; age_confirmed=1")).toBe(false);
    expect(needsAgeConfirmation(release(), null)).toBe(false);
  });
});

describe("torrent quality switch", () => {
  const torrent = (id: number, quality: string) => ({ id, quality: { value: quality, description: quality } }) as Torrent;
  const torrents = [torrent(1, "1080p"), torrent(2, "720p"), torrent(3, "1080p")];

  it("lists the qualities once, in order, and filters by one", () => {
    expect(qualityOptions(torrents).map((option) => option.value)).toEqual(["1080p", "720p"]);
    expect(torrentsOfQuality(torrents, "1080p").map((item) => item.id)).toEqual([1, 3]);
    expect(torrentsOfQuality(torrents, null)).toHaveLength(3);
  });

  it("ignores a quality the release does not have", () => {
    expect(selectedQuality(torrents, "4k")).toBeNull();
    expect(selectedQuality(torrents, "720p")).toBe("720p");
  });
});

describe("latest in the schedule", () => {
  it("keeps published episodes, newest first, without the current release or duplicates", () => {
    const entry = (id: number, updatedAt: string | null, published = true): ScheduleEntry => ({
      release: release({ id, alias: `r${id}` }),
      fullSeasonIsReleased: false,
      nextReleaseEpisodeNumber: null,
      publishedReleaseEpisode: published ? episode(`e${id}`, 1, null, updatedAt) : null,
    });
    const schedule = {
      yesterday: [entry(2, "2026-11-20T10:00:00Z"), entry(5, "2026-11-20T09:00:00Z")],
      today: [entry(3, "2026-11-21T10:00:00Z"), entry(4, null, false), entry(1, "2026-11-21T12:00:00Z"), entry(2, "2026-11-21T08:00:00Z")],
      tomorrow: [entry(9, "2026-11-22T10:00:00Z")],
    };
    expect(latestScheduled(schedule, 1).map((item) => item.release.id)).toEqual([3, 2, 5]);
  });

  it("sends a side block only what its links show: title, poster, type, year and season, and the episode's number", () => {
    const shown = toSideScheduleEntry({
      release: release({ id: 7, alias: "r7" }),
      fullSeasonIsReleased: false,
      nextReleaseEpisodeNumber: 4,
      publishedReleaseEpisode: episode("e7", 3),
    });
    expect(shown).toEqual({
      release: {
        id: 7,
        alias: "r7",
        name: { main: "Провожающая в последний путь Фрирен", english: "Sousou no Frieren" },
        poster: { ...EMPTY_IMAGE, preview: "https://example.org/poster.jpg" },
        type: { value: "TV", description: "ТВ" },
        year: 2023,
        season: { value: "autumn", description: "Осень" },
      },
      publishedOrdinal: 3,
    });
    expect(toSideRelease(release())).not.toHaveProperty("description");
  });
});

describe("episodes tab items", () => {
  const streamed = {
    ...episode("a", 1),
    name: "Начало",
    hls720: "https://example.org/720.m3u8",
    preview: { ...EMPTY_IMAGE, preview: "p.jpg" },
  };

  it("keep what a row shows, and whether the episode can be saved for offline viewing", () => {
    expect(toEpisodeListItem(streamed, "list")).toEqual({
      id: "a",
      name: "Начало",
      ordinal: 1,
      duration: 1440,
      updatedAt: null,
      canSaveOffline: true,
    });
    expect(toEpisodeListItem(episode("b", 2), "list").canSaveOffline).toBe(false);
  });

  it("carry the preview picture in the previews view only", () => {
    expect(toEpisodeListItem(streamed, "previews").preview).toEqual(streamed.preview);
    expect(toEpisodeListItem(streamed, "list")).not.toHaveProperty("preview");
  });
});

describe("release JSON-LD", () => {
  it("describes a series with the data the page has", () => {
    const data = releaseJsonLd(release(), "https://anilibria.example");
    expect(data).toMatchObject({
      "@type": "TVSeries",
      name: "Провожающая в последний путь Фрирен",
      alternateName: ["Sousou no Frieren"],
      url: "https://anilibria.example/anime/releases/release/frieren",
      image: "https://example.org/poster.jpg",
      genre: ["Фэнтези"],
      datePublished: "2023",
      numberOfEpisodes: 28,
      contentRating: "12+",
      timeRequired: "PT24M",
    });
    expect(data.interactionStatistic).toMatchObject({ userInteractionCount: 1234 });
  });

  it("calls a film a Movie and leaves out what is unknown", () => {
    const data = releaseJsonLd(
      release({ type: { value: "MOVIE", description: "Фильм" }, year: null, description: null }),
      "https://a.example",
    );
    expect(data["@type"]).toBe("Movie");
    expect(data).not.toHaveProperty("numberOfEpisodes");
    expect(data).not.toHaveProperty("datePublished");
    expect(data).not.toHaveProperty("description");
  });

  it("cannot break out of its script element", () => {
    const text = inlineJson(releaseJsonLd(release(), "https://a.example"));
    expect(text).not.toMatch(/<\/script/i);
    expect(JSON.parse(text).description).toContain("</script>");
  });
});

describe("release tabs", () => {
  it("knows the tab of an address; the release's own address is the episodes", () => {
    expect(tabOfPath("/anime/releases/release/frieren")).toBe("episodes");
    expect(tabOfPath("/anime/releases/release/frieren/torrents")).toBe("torrents");
    expect(tabOfPath("/anime/releases/release/frieren/members/")).toBe("members");
  });

  it("moves focus with the arrow keys, wrapping around, and with Home and End", () => {
    expect(nextTabIndex("ArrowRight", 0, 4)).toBe(1);
    expect(nextTabIndex("ArrowRight", 3, 4)).toBe(0);
    expect(nextTabIndex("ArrowLeft", 0, 4)).toBe(3);
    expect(nextTabIndex("Home", 2, 4)).toBe(0);
    expect(nextTabIndex("End", 0, 4)).toBe(3);
    expect(nextTabIndex("ArrowDown", 1, 4)).toBeNull();
  });
});
