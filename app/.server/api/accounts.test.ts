import { describe, expect, it } from "vitest";
import {
  addFavorites,
  addToCollection,
  authenticateSocial,
  deleteTimecodes,
  getAccountListReferences,
  getCollectionIds,
  getCollectionReleases,
  getFavoriteIds,
  getLocation,
  getProfile,
  getTimecodes,
  login,
  removeFavorites,
  saveTimecodes,
} from "./accounts";
import { UpstreamForbiddenError, UpstreamUnauthorizedError } from "./errors";
import { MEDIA_ORIGIN, pageFixture, profileFixture, releaseFixture, tableTransport, testContext } from "./test-fixtures";

describe("profile", () => {
  it("maps exactly the spec's fields", async () => {
    const profile = await getProfile(testContext(tableTransport({ "/accounts/users/me/profile": profileFixture() }), { token: "t" }));
    expect(profile).toEqual({
      id: 42,
      email: "hikari@example.com",
      login: "hikari",
      avatar: {
        preview: `${MEDIA_ORIGIN}/storage/users/42/avatar.jpg`,
        thumbnail: `${MEDIA_ORIGIN}/storage/users/42/avatar-thumb.jpg`,
        optimized: { preview: `${MEDIA_ORIGIN}/storage/users/42/avatar.webp`, thumbnail: `${MEDIA_ORIGIN}/storage/users/42/avatar-thumb.webp` },
      },
      nickname: "Хикари",
      isBanned: false,
      torrents: { passkey: "abc123passkey", uploaded: 1024, downloaded: 2048 },
      createdAt: "2020-01-01T10:00:00+00:00",
      isWithVideoAds: true,
      isWithVideoAdsAlways: false,
      isWithContentAds: true,
    });
  });

  it("turns ad flags on only for exactly `true`", async () => {
    const answer = profileFixture({ is_with_video_ads: "true", is_with_video_ads_always: 1, is_with_content_ads: undefined, avatar: null, torrents: null });
    const profile = await getProfile(testContext(tableTransport({ "/accounts/users/me/profile": answer })));
    expect([profile.isWithVideoAds, profile.isWithVideoAdsAlways, profile.isWithContentAds]).toEqual([false, false, false]);
    expect(profile.avatar.preview).toBeNull();
    expect(profile.torrents).toEqual({ passkey: null, uploaded: 0, downloaded: 0 });
  });

  it("answers 403 without a token and 401 for a dead one", async () => {
    const forbidden = tableTransport({ "/accounts/users/me/profile": () => new Response(null, { status: 403 }) });
    await expect(getProfile(testContext(forbidden))).rejects.toBeInstanceOf(UpstreamForbiddenError);
    const expired = tableTransport({ "/accounts/users/me/profile": () => Response.json({ message: "Unauthenticated." }, { status: 401 }) });
    await expect(getProfile(testContext(expired, { token: "old" }))).rejects.toBeInstanceOf(UpstreamUnauthorizedError);
  });

  it("maps the location into camelCase with strict flags", async () => {
    const location = await getLocation(
      testContext(
        tableTransport({
          "/accounts/users/location": { ip: "1.2.3.4", country: "Россия", iso_code: "RU", timezone: "Europe/Moscow", parameters: { should_hide_torrents: true, is_government_request: "no" } },
        }),
      ),
    );
    expect(location).toEqual({ ip: "1.2.3.4", country: "Россия", isoCode: "RU", timezone: "Europe/Moscow", parameters: { shouldHideTorrents: true, isGovernmentRequest: false } });
  });
});

describe("sign-in", () => {
  it("posts credentials and returns the token", async () => {
    const transport = tableTransport({ "POST /accounts/users/auth/login": { token: "opaque-token" } });
    expect(await login(testContext(transport), { login: "hikari", password: "secret" })).toBe("opaque-token");
    expect(await transport.requests[0]!.json()).toEqual({ login: "hikari", password: "secret" });
    expect(transport.requests[0]!.headers.get("content-type")).toBe("application/json");
  });

  it("reports bad credentials as unauthorized", async () => {
    const transport = tableTransport({ "POST /accounts/users/auth/login": () => new Response("", { status: 401 }) });
    await expect(login(testContext(transport), { login: "x", password: "y" })).rejects.toBeInstanceOf(UpstreamUnauthorizedError);
  });

  it("treats social authenticate's 404 as still pending", async () => {
    const pending = tableTransport({});
    expect(await authenticateSocial(testContext(pending), "state-1")).toBeNull();
    const done = tableTransport({ "/accounts/users/auth/social/authenticate": { token: "social-token" } });
    expect(await authenticateSocial(testContext(done), "state-1")).toBe("social-token");
    expect(new URL(done.requests[0]!.url).searchParams.get("state")).toBe("state-1");
  });
});

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
      "/accounts/users/me/collections/ids": [[7439, "WATCHING"], [1, "REWATCHING"]],
      "POST /accounts/users/me/collections": [[7439, "WATCHED"]],
    });
    const context = testContext(transport);
    expect(await getCollectionIds(context)).toEqual([{ releaseId: 7439, type: "WATCHING" }, { releaseId: 1, type: "REWATCHING" }]);
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
    const transport = tableTransport({ ...lists("/accounts/users/me/favorites/references"), ...lists("/accounts/users/me/collections/references") });
    expect((await getAccountListReferences(testContext(transport), "favorites")).sorting).toHaveLength(1);
    expect((await getAccountListReferences(testContext(transport), "collections")).sorting).toEqual([]);
  });
});

describe("timecodes", () => {
  it("reads the tuple list", async () => {
    const transport = tableTransport({
      "/accounts/users/me/views/timecodes": [["e1", 120.5, false], ["e2", 1400, true]],
    });
    expect(await getTimecodes(testContext(transport), "2024-01-01T00:00:00Z")).toEqual([
      { releaseEpisodeId: "e1", time: 120.5, isWatched: false },
      { releaseEpisodeId: "e2", time: 1400, isWatched: true },
    ]);
    expect(new URL(transport.requests[0]!.url).searchParams.get("since")).toBe("2024-01-01T00:00:00Z");
  });

  it("accepts the live server's empty 200 on save and delete", async () => {
    const transport = tableTransport({
      "POST /accounts/users/me/views/timecodes": () => new Response("", { status: 200 }),
      "DELETE /accounts/users/me/views/timecodes": [["e1", 0, false]],
    });
    const context = testContext(transport);
    await saveTimecodes(context, [{ releaseEpisodeId: "e1", time: 30, isWatched: false }]);
    await deleteTimecodes(context, ["e1"]);
    expect(await transport.requests[0]!.json()).toEqual([{ time: 30, is_watched: false, release_episode_id: "e1" }]);
    expect(await transport.requests[1]!.json()).toEqual([{ release_episode_id: "e1" }]);
  });
});
