import { beforeEach, describe, expect, it } from "vitest";
import { getFranchise, getFranchises, getReleaseFranchises } from "./franchises";
import { getPromotions, getVastCampaigns, getVideos } from "./media";
import { forgetMissingCalls } from "./upstream-offers";
import { getTeamUsers } from "./teams";
import { getReleaseTorrents, getTorrents, torrentFileUrl } from "./torrents";
import { imageFixture, MEDIA_ORIGIN, pageFixture, releaseFixture, tableTransport, testContext, torrentFixture } from "./test-fixtures";

const video = {
  id: 1,
  url: "https://youtube.example/watch?v=1",
  title: "Анонс",
  views: 10,
  image: imageFixture("videos/1", "src"),
  comments: 0,
  video_id: "1",
  created_at: "2024-01-01T00:00:00+00:00",
  updated_at: "2024-01-01T00:00:00+00:00",
  is_announce: true,
  origin: {
    id: "o1",
    url: "https://youtube.example/list",
    type: { value: "YOUTUBE_PLAYLIST", description: "Плейлист" },
    title: "Канал",
    description: null,
    is_announce: false,
  },
};
const promotion = {
  id: "p1",
  url: "https://promo.example",
  url_label: "Смотреть",
  image: imageFixture("promo/1"),
  title: "Промо",
  description: null,
  is_ad: true,
  ad_erid: "erid",
  ad_origin: "ООО",
  has_overlay: null,
  release: null,
};
const franchise = {
  id: "f1",
  name: "Мастера Меча",
  name_english: "SAO",
  image: imageFixture("franchises/f1"),
  rating: 9,
  last_year: 2020,
  first_year: 2012,
  total_releases: 5,
  total_episodes: 100,
  total_duration: null,
  total_duration_in_seconds: 3600,
};

describe("media", () => {
  it("reads videos and promotions as bare arrays or {data}", async () => {
    const transport = tableTransport({ "/media/videos": [video], "/media/promotions": { data: [promotion] } });
    const [videos, promotions] = await Promise.all([getVideos(testContext(transport), 5), getPromotions(testContext(transport))]);
    expect(videos[0]).toMatchObject({
      title: "Анонс",
      isAnnounce: true,
      image: { preview: `${MEDIA_ORIGIN}/storage/videos/1.jpg` },
      origin: { type: { value: "YOUTUBE_PLAYLIST" } },
    });
    expect(promotions[0]).toMatchObject({ isAd: true, hasOverlay: false, release: null, urlLabel: "Смотреть" });
    const wrapped = tableTransport({ "/media/videos": { data: [video] }, "/media/promotions": [promotion] });
    expect(await getVideos(testContext(wrapped))).toHaveLength(1);
    expect(await getPromotions(testContext(wrapped))).toHaveLength(1);
  });

  const UNSAFE_URLS = [
    "javascript:alert(document.cookie)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ];

  it.each(UNSAFE_URLS)("a promotion's or video's link %j never reaches an href", async (url) => {
    const transport = tableTransport({
      "/media/promotions": [promotion, { ...promotion, id: "p2", url }],
      "/media/videos": [{ ...video, url, origin: { ...video.origin, url } }],
    });
    const [promotions, videos] = await Promise.all([getPromotions(testContext(transport)), getVideos(testContext(transport))]);
    expect(promotions.map((item) => item.url)).toEqual(["https://promo.example/", null]);
    expect(videos[0]?.origin?.url).toBeNull();
    // A video's address is a media path unless it names a scheme: text without one stays on the media host.
    expect(videos[0]?.url === null || videos[0]?.url.startsWith(`${MEDIA_ORIGIN}/`)).toBe(true);
  });

  it("keeps a promotion's path on this site, checked like a redirect target", async () => {
    const transport = tableTransport({
      "/media/promotions": ["/support", "/anime/releases/release/ван-пис", "//evil.example/x", "/\uFF0F/evil.example", "support"].map(
        (url, index) => ({ ...promotion, id: `p${index}`, url }),
      ),
    });
    expect((await getPromotions(testContext(transport))).map((item) => item.url)).toEqual([
      "/support",
      "/anime/releases/release/%D0%B2%D0%B0%D0%BD-%D0%BF%D0%B8%D1%81",
      "https://evil.example/x",
      null,
      null,
    ]);
  });
});

describe("franchises", () => {
  it("maps the list, one franchise with releases, and a release's franchises", async () => {
    const withReleases = {
      ...franchise,
      franchise_releases: [{ id: "fr1", sort_order: 1, release_id: 7439, franchise_id: "f1", release: releaseFixture() }],
    };
    const transport = tableTransport({
      "/anime/franchises": pageFixture([franchise]),
      "/anime/franchises/f1": { data: withReleases },
      "/anime/franchises/release/7439": [withReleases],
    });
    expect((await getFranchises(testContext(transport)))[0]).toMatchObject({ id: "f1", nameEnglish: "SAO", firstYear: 2012 });
    const one = await getFranchise(testContext(transport), "f1");
    expect(one.releases[0]).toMatchObject({ releaseId: 7439, release: { alias: "sword-art-online-alicization" } });
    expect(await getReleaseFranchises(testContext(transport), 7439)).toHaveLength(1);
  });

  it("accepts a bare franchise object too", async () => {
    const transport = tableTransport({ "/anime/franchises/f1": { ...franchise, franchise_releases: [] } });
    expect((await getFranchise(testContext(transport), "f1")).releases).toEqual([]);
  });
});

describe("torrents", () => {
  it("maps the feed page and a release's list (even of one)", async () => {
    const transport = tableTransport({
      "/anime/torrents": pageFixture([torrentFixture({ release: releaseFixture(), torrent_members: [] })]),
      "/anime/torrents/release/7439": [torrentFixture()],
      "/anime/torrents/release/100": [torrentFixture({ codec: null, quality: { value: "12k", description: "12K" } })],
    });
    const page = await getTorrents(testContext(transport), { page: 1, limit: 10 });
    expect(page.items[0]).toMatchObject({
      hash: torrentFixture().hash,
      release: { id: 7439 },
      seeders: 10,
      codec: { value: "x264/AVC", label: "AVC" },
    });
    expect(await getReleaseTorrents(testContext(transport), 7439)).toHaveLength(1);
    const [one] = await getReleaseTorrents(testContext(transport), 100);
    expect(one!.codec).toEqual({ value: null, label: null, description: null });
    expect(one!.quality).toEqual({ value: "12k", description: "12K" });
  });

  it.each(["javascript:alert(1)", "https://tracker.example/magnet", "magnet:", "magnet:?xt=urn:btih:abc\njavascript:alert(1)"])(
    "drops the magnet link %j that is not a magnet: URI",
    async (magnet) => {
      const transport = tableTransport({
        "/anime/torrents/release/100": [
          torrentFixture({
            magnet,
            torrent_members: [{ id: "m1", nickname: "x", role: null, external_url: "javascript:alert(1)", user: null }],
          }),
        ],
      });
      const [torrent] = await getReleaseTorrents(testContext(transport), 100);
      expect(torrent!.magnet).toBeNull();
      expect(torrent!.members[0]?.externalUrl).toBeNull();
    },
  );

  it("keeps a real magnet link", async () => {
    const magnet =
      "magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=Release%20%5B1080p%5D&tr=udp%3A%2F%2Ftracker.example%3A80";
    const transport = tableTransport({ "/anime/torrents/release/100": [torrentFixture({ magnet })] });
    expect((await getReleaseTorrents(testContext(transport), 100))[0]!.magnet).toBe(magnet);
  });

  it("builds the file link with the passkey", () => {
    const url = torrentFileUrl(testContext(tableTransport({})), 100, "pk1");
    expect(url).toBe("https://upstream.example/api/v1/anime/torrents/100/file?pk=pk1");
  });
});

describe("teams", () => {
  it("maps team users with team, account and roles", async () => {
    const transport = tableTransport({
      "/teams/users": [
        {
          id: "u1",
          nickname: "Дарк",
          is_intern: false,
          sort_order: 1,
          is_vacation: true,
          team: { id: "t1", title: "Войсеры", sort_order: 1, description: null },
          user: { id: 5, nickname: "dark", avatar: imageFixture("users/5") },
          roles: [{ id: "r1", title: "Озвучка", color: "#f00", sort_order: 1 }],
        },
      ],
    });
    const [user] = await getTeamUsers(testContext(transport));
    expect(user).toMatchObject({ isVacation: true, team: { title: "Войсеры" }, user: { id: 5 }, roles: [{ title: "Озвучка" }] });
  });
});

describe("getVastCampaigns", () => {
  beforeEach(() => forgetMissingCalls());
  // The item of the live `/media/vasts` (the same as the June 2025 `/ads/vasts`).
  const campaign = (url: string) => ({
    id: "5f0c8a1e-7d2b-4c1a-9e3f-2b6d8a4c0e11",
    url,
    ad_erid: "2Vtzqw",
    ad_company_itn: "7700000000",
    ad_company_name: "Рекламодатель",
  });

  it("reads the live list at /media/vasts, keeping only https tags", async () => {
    const transport = tableTransport({
      "/media/vasts": [campaign("https://ads.example/vast?cb=[CACHEBUSTING]"), campaign("http://ads.example/plain")],
    });
    expect(await getVastCampaigns(testContext(transport))).toEqual([
      {
        id: "5f0c8a1e-7d2b-4c1a-9e3f-2b6d8a4c0e11",
        tagUrl: "https://ads.example/vast?cb=[CACHEBUSTING]",
        adErid: "2Vtzqw",
        adCompanyItn: "7700000000",
        adCompanyName: "Рекламодатель",
      },
      expect.objectContaining({ tagUrl: null }),
    ]);
  });

  it("reads /ads/vasts on an upstream of the June 2025 document", async () => {
    const transport = tableTransport({ "/ads/vasts": [campaign("https://ads.example/old")] });
    expect((await getVastCampaigns(testContext(transport))).map((item) => item.tagUrl)).toEqual(["https://ads.example/old"]);
  });
});
