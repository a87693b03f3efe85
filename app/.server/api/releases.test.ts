import { beforeEach, describe, expect, it } from "vitest";
import { UpstreamNotFoundError } from "./errors";
import { getEpisode, getLatestReleaseCards, getRecommendedReleases, getRelease, getReleaseMembers, getReleasesByIds } from "./releases";
import { forgetMissingCalls } from "./upstream-offers";
import { episodeFixture, imageFixture, MEDIA_ORIGIN, releaseFixture, SPONSOR, tableTransport, testContext } from "./test-fixtures";

beforeEach(() => forgetMissingCalls());

describe("getRelease", () => {
  it("maps the documented object into the domain release with absolute media URLs", async () => {
    const transport = tableTransport({ "/anime/releases/sword-art-online-alicization": releaseFixture({ sponsors: [SPONSOR] }) });
    const release = await getRelease(testContext(transport), "sword-art-online-alicization");
    expect(release).toMatchObject({
      id: 7439,
      alias: "sword-art-online-alicization",
      name: { main: "Мастера Меча Онлайн: Алисизация", english: "Sword Art Online: Alicization", alternative: null },
      type: { value: "TV", description: "ТВ" },
      season: { value: "autumn", description: "Осень" },
      ageRating: { value: "R16_PLUS", label: "16+", isAdult: false },
      publishDay: { value: 7, description: "Воскресенье" },
      addedInUsersFavorites: 25557,
      sponsor: { id: "s1", title: "Спонсор", urlTitle: "Сайт", url: "https://sponsor.example/" },
      episodes: [],
      latestEpisode: null,
    });
    expect(release.poster).toEqual({
      preview: `${MEDIA_ORIGIN}/storage/releases/7439/poster.jpg`,
      thumbnail: `${MEDIA_ORIGIN}/storage/releases/7439/poster-thumb.jpg`,
      optimized: {
        preview: `${MEDIA_ORIGIN}/storage/releases/7439/poster.webp`,
        thumbnail: `${MEDIA_ORIGIN}/storage/releases/7439/poster-thumb.webp`,
      },
    });
    expect(release.genres[0]?.image.preview).toBe(`${MEDIA_ORIGIN}/storage/genres/5.jpg`);
  });

  it("accepts the old document's one-element array", async () => {
    const transport = tableTransport({ "/anime/releases/7439": [releaseFixture()] });
    expect((await getRelease(testContext(transport), 7439)).id).toBe(7439);
  });

  it("treats an empty array as not found", async () => {
    const transport = tableTransport({ "/anime/releases/nothing": [] });
    await expect(getRelease(testContext(transport), "nothing")).rejects.toBeInstanceOf(UpstreamNotFoundError);
  });

  it("reads `src` where older answers have no `preview`", async () => {
    const transport = tableTransport({ "/anime/releases/old": releaseFixture({ poster: imageFixture("old/poster", "src") }) });
    const release = await getRelease(testContext(transport), "old");
    expect(release.poster.preview).toBe(`${MEDIA_ORIGIN}/storage/old/poster.jpg`);
    expect(release.poster.optimized.preview).toBe(`${MEDIA_ORIGIN}/storage/old/poster.webp`);
  });

  it("takes the live server's single `sponsor`, and none when absent", async () => {
    const withSponsor = tableTransport({ "/anime/releases/a": releaseFixture({ sponsor: SPONSOR }) });
    expect((await getRelease(testContext(withSponsor), "a")).sponsor?.id).toBe("s1");
    const without = tableTransport({ "/anime/releases/a": releaseFixture({ sponsor: null, sponsors: [] }) });
    expect((await getRelease(testContext(without), "a")).sponsor).toBeNull();
  });

  it("keeps null and unknown enum values instead of failing", async () => {
    const transport = tableTransport({
      "/anime/releases/odd": releaseFixture({
        type: { value: null, description: null },
        season: { value: "monsoon", description: "Сезон дождей" },
        age_rating: { value: "R21_PLUS", label: "21+", is_adult: true, description: null },
        publish_day: null,
      }),
    });
    const release = await getRelease(testContext(transport), "odd");
    expect(release.type).toEqual({ value: null, description: null });
    expect(release.season).toEqual({ value: "monsoon", description: "Сезон дождей" });
    expect(release.ageRating).toMatchObject({ value: "R21_PLUS", label: "21+", isAdult: true });
    expect(release.publishDay).toEqual({ value: null, description: null });
  });

  it("turns a protocol-relative external player into https and drops non-http ones", async () => {
    const kodik = tableTransport({ "/anime/releases/a": releaseFixture() });
    expect((await getRelease(testContext(kodik), "a")).externalPlayer).toBe("https://kodik.info/serial/123/abc/720p");
    const script = tableTransport({ "/anime/releases/a": releaseFixture({ external_player: "javascript:alert(1)" }) });
    expect((await getRelease(testContext(script), "a")).externalPlayer).toBeNull();
    const bare = tableTransport({ "/anime/releases/a": releaseFixture({ external_player: "/embedded/player/a" }) });
    expect((await getRelease(testContext(bare), "a")).externalPlayer).toBeNull();
    const none = tableTransport({ "/anime/releases/a": releaseFixture({ external_player: null }) });
    expect((await getRelease(testContext(none), "a")).externalPlayer).toBeNull();
  });

  it.each(["javascript:alert(document.cookie)", "JAVASCRIPT:alert(1)", "data:text/html,hi", "/sponsor", "sponsor.example"])(
    "drops the sponsor link %j: only http(s) reaches an href",
    async (url) => {
      const transport = tableTransport({ "/anime/releases/a": releaseFixture({ sponsor: { ...SPONSOR, url }, sponsors: null }) });
      const release = await getRelease(testContext(transport), "a");
      expect(release.sponsor).toMatchObject({ title: SPONSOR.title, url: null });
    },
  );

  it("keeps an http(s) sponsor link", async () => {
    const transport = tableTransport({ "/anime/releases/a": releaseFixture({ sponsor: SPONSOR }) });
    expect((await getRelease(testContext(transport), "a")).sponsor?.url).toBe("https://sponsor.example/");
  });

  it("keeps fractional ordinals and turns negative ones into null", async () => {
    const transport = tableTransport({
      "/anime/releases/a": releaseFixture({
        episodes: [
          episodeFixture({ id: "e1", ordinal: 12.5 }),
          episodeFixture({ id: "e2", ordinal: -1 }),
          episodeFixture({ id: "e3", ordinal: "3" }),
        ],
      }),
    });
    const release = await getRelease(testContext(transport), "a");
    expect(release.episodes.map((episode) => episode.ordinal)).toEqual([12.5, null, 3]);
  });

  it("encodes the alias into the path and sends the session token", async () => {
    const transport = tableTransport({ "/anime/releases/a%2Fb": releaseFixture() });
    await getRelease(testContext(transport, { token: "tkn" }), "a/b");
    const request = transport.requests[0]!;
    expect(new URL(request.url).pathname).toBe("/api/v1/anime/releases/a%2Fb");
    expect(request.headers.get("authorization")).toBe("Bearer tkn");
    expect(request.headers.get("accept")).toBe("application/json");
  });

  it("defaults `added_in_favorites` (spec name) and missing counters to 0", async () => {
    const spec = tableTransport({ "/anime/releases/a": releaseFixture({ added_in_users_favorites: undefined, added_in_favorites: 7 }) });
    expect((await getRelease(testContext(spec), "a")).addedInUsersFavorites).toBe(7);
    const none = tableTransport({ "/anime/releases/a": releaseFixture({ added_in_users_favorites: null }) });
    expect((await getRelease(testContext(none), "a")).addedInUsersFavorites).toBe(0);
  });
});

describe("episodes and lists", () => {
  it("maps an episode with its embedded release and absolute HLS links", async () => {
    const transport = tableTransport({
      "/anime/releases/episodes/e1": episodeFixture({
        id: "e1",
        hls_480: "/storage/videos/e1/480.m3u8",
        release: releaseFixture({ episodes: [episodeFixture({ id: "e1" }), episodeFixture({ id: "e2", ordinal: 2 })] }),
      }),
    });
    const episode = await getEpisode(testContext(transport), "e1");
    expect(episode.hls480).toBe(`${MEDIA_ORIGIN}/storage/videos/e1/480.m3u8`);
    expect(episode.hls720).toBe("https://cache.example/videos/1/720/index.m3u8");
    expect(episode.hls1080).toBeNull();
    expect(episode.opening).toEqual({ start: 0, stop: 90 });
    expect(episode.release?.episodes.map((item) => item.id)).toEqual(["e1", "e2"]);
  });

  it("reads the latest releases as cards: a field no card shows cannot fail the list", async () => {
    const transport = tableTransport({
      "/anime/releases/latest": [
        releaseFixture({ external_player: 42, members: "none", latest_episode: episodeFixture({ hls_720: 720 }) }),
      ],
    });
    const [card] = await getLatestReleaseCards(testContext(transport), 12);
    expect(card).toMatchObject({ id: 7439, alias: "sword-art-online-alicization", latestEpisode: { ordinal: 1 } });
  });

  it("reads releases by id with their episodes' places: a field the call leaves out cannot fail it and reads as absent", async () => {
    const place = { id: "e1", name: "Начало", ordinal: 1, sort_order: 1, duration: 1420 };
    const transport = tableTransport({
      "/anime/releases/list": { data: [releaseFixture({ episodes: [{ ...place, hls_720: 720, preview: "none", opening: 90 }] })] },
      "/anime/releases/7439": releaseFixture({ episodes: [place] }),
    });
    const [listed] = (await getReleasesByIds(testContext(transport), { ids: [7439] })).items;
    const whole = await getRelease(testContext(transport), 7439);
    expect(listed!.episodes).toEqual(whole.episodes);
    expect(listed!.episodes[0]).toMatchObject({ id: "e1", name: "Начало", sortOrder: 1, duration: 1420, hls720: null, opening: null });
    const excluded = new URL(transport.requests[0]!.url).searchParams.get("exclude")!.split(",");
    expect(excluded).toEqual(expect.arrayContaining(["members", "torrents", "episodes.hls_720", "episodes.preview", "episodes.opening"]));
    expect(
      excluded.filter((field) => ["id", "name", "ordinal", "sort_order", "duration"].includes(field.replace("episodes.", ""))),
    ).toEqual([]);
  });

  it("reads latest releases as a bare array or as {data}, with their latest episode", async () => {
    const bare = tableTransport({ "/anime/releases/latest": [releaseFixture({ latest_episode: episodeFixture() })] });
    const [release] = await getLatestReleaseCards(testContext(bare), 14);
    expect(release?.latestEpisode?.ordinal).toBe(1);
    expect(new URL(bare.requests[0]!.url).searchParams.get("limit")).toBe("14");
    const wrapped = tableTransport({ "/anime/releases/latest": { data: [releaseFixture()] } });
    expect(await getLatestReleaseCards(testContext(wrapped))).toHaveLength(1);
  });

  it("recommends what the upstream recommends for the release, without the release itself", async () => {
    const transport = tableTransport({
      "/anime/releases/recommended": [
        releaseFixture({ id: 2, alias: "b" }),
        releaseFixture({ id: 1, alias: "a" }),
        releaseFixture({ id: 3, alias: "c" }),
      ],
    });
    const releases = await getRecommendedReleases(testContext(transport), 2, 2);
    expect(releases.map((release) => release.id)).toEqual([1, 3]);
    const asked = new URL(transport.requests[0]!.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ limit: "3", release_id: "2" });
  });

  it("recommends random releases other than the one shown where the upstream has no recommendations", async () => {
    const transport = tableTransport({
      "/anime/releases/random": [
        releaseFixture({ id: 1, alias: "a" }),
        releaseFixture({ id: 2, alias: "b" }),
        releaseFixture({ id: 3, alias: "c" }),
      ],
    });
    const releases = await getRecommendedReleases(testContext(transport), 2, 2);
    expect(releases.map((release) => release.id)).toEqual([1, 3]);
  });

  it("maps members, with or without a user", async () => {
    const transport = tableTransport({
      "/anime/releases/a/members": [
        {
          id: "m1",
          role: { value: "voicing", description: "Озвучка" },
          user: { id: 3, avatar: imageFixture("users/3") },
          nickname: "Голос",
        },
        { id: "m2", role: { value: "new-role", description: "Новая роль" }, user: null, nickname: "Некто" },
      ],
    });
    const members = await getReleaseMembers(testContext(transport), "a");
    expect(members[0]).toMatchObject({ nickname: "Голос", role: { value: "voicing" }, user: { id: 3 } });
    expect(members[1]).toMatchObject({ role: { value: "new-role", description: "Новая роль" }, user: null });
  });
});
