import { describe, expect, it } from "vitest";
import { getLocation, getProfile } from "./profile";
import { UpstreamForbiddenError, UpstreamUnauthorizedError } from "./errors";
import { MEDIA_ORIGIN, profileFixture, tableTransport, testContext } from "./test-fixtures";

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
        optimized: {
          preview: `${MEDIA_ORIGIN}/storage/users/42/avatar.webp`,
          thumbnail: `${MEDIA_ORIGIN}/storage/users/42/avatar-thumb.webp`,
        },
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
    const answer = profileFixture({
      is_with_video_ads: "true",
      is_with_video_ads_always: 1,
      is_with_content_ads: undefined,
      avatar: null,
      torrents: null,
    });
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
          "/accounts/users/location": {
            ip: "1.2.3.4",
            country: "Россия",
            iso_code: "RU",
            timezone: "Europe/Moscow",
            parameters: { should_hide_torrents: true, is_government_request: "no" },
          },
        }),
      ),
    );
    expect(location).toEqual({
      ip: "1.2.3.4",
      country: "Россия",
      isoCode: "RU",
      timezone: "Europe/Moscow",
      parameters: { shouldHideTorrents: true, isGovernmentRequest: false },
    });
  });
});
