// The release page and its tabs ask the upstream everything at once: no call waits for another's answer (decision 0254).
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as SessionModule from "~/.server/session.server";
import type * as TransportModule from "~/.server/api/transport";
import { callsStarted, episodeFixture, heldTransport, releaseFixture, torrentFixture } from "~/.server/api/test-fixtures";
import { withLoadContext } from "../../../tests/support/load-context";

const session = vi.hoisted(() => ({ token: null as string | null }));
const upstream = vi.hoisted(() => ({ transport: null as null | ((request: Request) => Promise<Response>) }));

vi.mock("~/.server/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  getSessionUser: () => (session.token === null ? null : { token: session.token, issuedAt: new Date() }),
}));
vi.mock("~/.server/api/transport", async (importOriginal) => ({
  ...(await importOriginal<typeof TransportModule>()),
  resolveUpstream: () => ({ baseUrl: "https://upstream.example/api/v1", transport: upstream.transport, embedded: false }),
}));

const { loadReleasePage } = await import("./release-page.server");
const { loadTorrentsTab, loadMembersTab } = await import("./release-tabs.server");
const { loadPlayerPage } = await import("~/features/player/player-page.server");
const { loadHomePage } = await import("~/features/home/home-page.server");
const { rememberedIdsForTests } = await import("~/.server/remembered-ids.server");
const { forgetMissingCalls } = await import("~/.server/api/upstream-offers");
const { clearScheduleCache } = await import("~/.server/api/schedule");

const ALIAS = "sword-art-online-alicization";
// No streams: the player would fetch the first segment to preload it.
const EPISODE = episodeFixture({ hls_480: null, hls_720: null, hls_1080: null });
const RELEASE = releaseFixture({ episodes: [EPISODE] });

function heldUpstream(answers: Parameters<typeof heldTransport>[0]) {
  const held = heldTransport(answers);
  upstream.transport = held.transport;
  return held;
}

function args(path: string, params: Record<string, string>) {
  return withLoadContext({ request: new Request(`http://localhost${path}`), params, context: {} });
}

/** The episode's player page, its calls held until `open()`: the episode with its release, no downloads, and `answers`. */
async function playerPageHeld(answers: Parameters<typeof heldTransport>[0]) {
  const held = heldUpstream({
    [`/anime/releases/episodes/${EPISODE.id}`]: { ...EPISODE, release: RELEASE },
    "/anime/torrents/release/7439": [],
    ...answers,
  });
  const page = loadPlayerPage(args(`/anime/video/episode/${EPISODE.id}`, { releaseEpisodeId: EPISODE.id }), EPISODE.id, "episode");
  await callsStarted();
  return { ...held, page };
}

const SCHEDULE = { today: [], tomorrow: [], yesterday: [] };
/** What the release page asks besides the release, answered empty. */
const SIDE_BLOCKS = { "/anime/releases/recommended": [], "/anime/schedule/now": SCHEDULE };

beforeEach(() => {
  session.token = null;
  rememberedIdsForTests.clear();
  forgetMissingCalls();
  clearScheduleCache();
});

describe("the release page asks everything in one round trip", () => {
  it("asks for the release, the side blocks and a signed-in viewer's lists and progress before any answer", async () => {
    session.token = "token";
    const { asked, open } = heldUpstream({
      [`/anime/releases/${ALIAS}`]: { ...RELEASE, torrents: [torrentFixture()] },
      "/anime/releases/recommended": [releaseFixture({ id: 1, alias: "other" }), RELEASE],
      "/anime/schedule/now": SCHEDULE,
      "/accounts/users/me/favorites/ids": [7439],
      "/accounts/users/me/collections/ids": [[7439, "WATCHING"]],
      [`/anime/releases/${ALIAS}/episodes/timecodes`]: [
        { id: 1, time: 300, user_id: 1, is_watched: false, updated_at: "2026-01-01T00:00:00+00:00", release_episode_id: EPISODE.id },
      ],
    });
    const page = loadReleasePage(args(`/anime/releases/release/${ALIAS}`, { alias: ALIAS }));
    await callsStarted();
    expect([...asked].sort()).toEqual(
      [
        `/anime/releases/${ALIAS}`,
        "/anime/releases/recommended?limit=8",
        "/anime/schedule/now",
        "/accounts/users/me/favorites/ids",
        "/accounts/users/me/collections/ids",
        `/anime/releases/${ALIAS}/episodes/timecodes`,
        // Whose bell it is (decision 0284): the account's id, read with the rest.
        "/accounts/users/me/profile",
      ].sort(),
    );
    open();
    const data = await page;
    // General recommendations on a first visit: the release itself is left out afterwards.
    expect(data.recommended.map((release) => release.id)).toEqual([1]);
    expect(data.lists).toEqual({ isFavorite: true, collection: "WATCHING" });
    expect(data.timecodes).toEqual([{ releaseEpisodeId: EPISODE.id, time: 300, isWatched: false }]);
    // The torrents in the release's answer are the torrents tab's, not the page's data.
    expect(data.release).not.toHaveProperty("torrents");
  });

  it("asks for recommendations for the release once its id is known, still at the same time", async () => {
    heldUpstream({ [`/anime/releases/${ALIAS}`]: RELEASE, "/anime/releases/recommended": [], "/anime/schedule/now": SCHEDULE }).open();
    await loadReleasePage(args(`/anime/releases/release/${ALIAS}`, { alias: ALIAS }));
    const { asked, open } = heldUpstream({
      [`/anime/releases/${ALIAS}`]: RELEASE,
      "/anime/releases/recommended": [],
      "/anime/schedule/now": SCHEDULE,
    });
    const page = loadReleasePage(args(`/anime/releases/release/${ALIAS}`, { alias: ALIAS }));
    await callsStarted();
    expect(asked).toContain("/anime/releases/recommended?limit=8&release_id=7439");
    open();
    await page;
  });

  it("falls back to random releases on an upstream without recommendations, and stops asking it for a while", async () => {
    const answers = {
      [`/anime/releases/${ALIAS}`]: RELEASE,
      "/anime/releases/random": [releaseFixture({ id: 2, alias: "random" })],
      "/anime/schedule/now": SCHEDULE,
    };
    heldUpstream(answers).open();
    expect(
      (await loadReleasePage(args(`/anime/releases/release/${ALIAS}`, { alias: ALIAS }))).recommended.map((release) => release.id),
    ).toEqual([2]);
    const { asked, open } = heldUpstream(answers);
    const page = loadReleasePage(args(`/anime/releases/release/${ALIAS}`, { alias: ALIAS }));
    await callsStarted();
    expect(asked).toContain("/anime/releases/random?limit=8");
    expect(asked.some((path) => path.startsWith("/anime/releases/recommended"))).toBe(false);
    open();
    await page;
  });

  it("asks for the members by alias together with the release", async () => {
    const { asked, open } = heldUpstream({ [`/anime/releases/${ALIAS}`]: RELEASE, [`/anime/releases/${ALIAS}/members`]: [] });
    const members = loadMembersTab(args(`/anime/releases/release/${ALIAS}/members`, { alias: ALIAS }));
    await callsStarted();
    expect(asked).toEqual(expect.arrayContaining([`/anime/releases/${ALIAS}`, `/anime/releases/${ALIAS}/members`]));
    open();
    expect((await members).members).toEqual([]);
  });

  it("reads the torrents from the release's own answer, on a first visit too: no call by the release's id", async () => {
    const { asked, open } = heldUpstream({ [`/anime/releases/${ALIAS}`]: { ...RELEASE, torrents: [torrentFixture()] } });
    const torrents = loadTorrentsTab(args(`/anime/releases/release/${ALIAS}/torrents`, { alias: ALIAS }));
    await callsStarted();
    open();
    expect((await torrents).torrents.map((torrent) => torrent.id)).toEqual([100]);
    expect(asked.filter((path) => path.startsWith("/anime/torrents"))).toEqual([]);
  });

  it("reads the visitor's location as the root does, kept per address: a second visit asks only for the release", async () => {
    const { asked, open } = heldUpstream({
      [`/anime/releases/${ALIAS}`]: { ...RELEASE, torrents: [torrentFixture()] },
      "/accounts/users/location": { country: "Россия", parameters: { should_hide_torrents: false } },
    });
    open();
    const visit = () =>
      loadTorrentsTab(
        withLoadContext({
          request: new Request(`http://localhost/anime/releases/release/${ALIAS}/torrents`, {
            headers: { "X-Forwarded-For": "198.51.100.7" },
          }),
          params: { alias: ALIAS },
          context: {},
        }),
      );
    await visit();
    await visit();
    expect(asked.filter((path) => path.startsWith("/accounts/users/location"))).toHaveLength(1);
  });

  it("asks for the torrents by the release's id where its answer leaves them out", async () => {
    const { asked, open } = heldUpstream({ [`/anime/releases/${ALIAS}`]: RELEASE, "/anime/torrents/release/7439": [torrentFixture()] });
    const torrents = loadTorrentsTab(args(`/anime/releases/release/${ALIAS}/torrents`, { alias: ALIAS }));
    await callsStarted();
    open();
    expect((await torrents).torrents).toHaveLength(1);
    expect(asked).toContain("/anime/torrents/release/7439");
  });

  it("asks the player's downloads together with the episode once the home page listed it as its release's latest", async () => {
    heldUpstream({
      "/anime/releases/latest": [releaseFixture({ latest_episode: EPISODE })],
      "/media/promotions": [],
      ...SIDE_BLOCKS,
    }).open();
    await loadHomePage(args("/", {}));
    const { asked, open } = heldUpstream({
      [`/anime/releases/episodes/${EPISODE.id}`]: { ...EPISODE, release: RELEASE },
      "/anime/torrents/release/7439": [torrentFixture()],
    });
    const page = loadPlayerPage(args(`/anime/video/episode/${EPISODE.id}`, { releaseEpisodeId: EPISODE.id }), EPISODE.id, "episode");
    await callsStarted();
    expect(asked).toEqual(expect.arrayContaining([`/anime/releases/episodes/${EPISODE.id}`, "/anime/torrents/release/7439"]));
    open();
    expect((await page).downloads).toHaveLength(1);
  });

  it("asks a signed-in viewer's progress in the episode's release alone once the release is known (decision 0297)", async () => {
    heldUpstream({ [`/anime/releases/${ALIAS}`]: RELEASE, ...SIDE_BLOCKS }).open();
    await loadReleasePage(args(`/anime/releases/release/${ALIAS}`, { alias: ALIAS }));
    session.token = "token";
    const saved = { id: 1, time: 300, user_id: 1, is_watched: false, updated_at: "2026-01-01T00:00:00+00:00" };
    const { asked, open, page } = await playerPageHeld({
      "/anime/releases/7439/episodes/timecodes": [{ ...saved, release_episode_id: EPISODE.id }],
      "/accounts/users/me/views/timecodes": [[EPISODE.id, 100, false]],
    });
    expect(asked).toEqual(expect.arrayContaining([`/anime/releases/episodes/${EPISODE.id}`, "/anime/releases/7439/episodes/timecodes"]));
    open();
    expect((await page).accountTimecodes).toEqual([{ releaseEpisodeId: EPISODE.id, time: 300, isWatched: false }]);
    expect(asked).not.toContain("/accounts/users/me/views/timecodes");
  });

  it("asks a signed-in viewer's progress with the episode when its release is not known yet", async () => {
    session.token = "token";
    const { asked, open, page } = await playerPageHeld({ "/accounts/users/me/views/timecodes": [[EPISODE.id, 100, false]] });
    expect(asked).toEqual(expect.arrayContaining([`/anime/releases/episodes/${EPISODE.id}`, "/accounts/users/me/views/timecodes"]));
    open();
    expect((await page).accountTimecodes).toEqual([{ releaseEpisodeId: EPISODE.id, time: 100, isWatched: false }]);
  });

  it("asks the player's downloads together with the episode once the episode's release is known", async () => {
    heldUpstream({ [`/anime/releases/${ALIAS}`]: RELEASE, ...SIDE_BLOCKS }).open();
    await loadReleasePage(args(`/anime/releases/release/${ALIAS}`, { alias: ALIAS }));
    const { asked, open } = heldUpstream({
      [`/anime/releases/episodes/${EPISODE.id}`]: { ...EPISODE, release: RELEASE },
      "/anime/torrents/release/7439": [torrentFixture()],
    });
    const page = loadPlayerPage(args(`/anime/video/episode/${EPISODE.id}`, { releaseEpisodeId: EPISODE.id }), EPISODE.id, "episode");
    await callsStarted();
    expect(asked).toEqual(expect.arrayContaining([`/anime/releases/episodes/${EPISODE.id}`, "/anime/torrents/release/7439"]));
    open();
    expect((await page).downloads).toHaveLength(1);
  });
});
