// «Продолжить просмотр» for a signed-in viewer: after the first look, the releases of the history are asked for
// together with it, not after it (decision 0264).
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as SessionModule from "~/.server/session.server";
import type * as TransportModule from "~/.server/api/transport";
import { callsStarted, episodeFixture, heldTransport, pageFixture, releaseFixture } from "~/.server/api/test-fixtures";

const upstream = vi.hoisted(() => ({ transport: null as null | ((request: Request) => Promise<Response>) }));
vi.mock("~/.server/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  getSessionUser: () => ({ token: "token", issuedAt: new Date() }),
}));
vi.mock("~/.server/api/transport", async (importOriginal) => ({
  ...(await importOriginal<typeof TransportModule>()),
  resolveUpstream: () => ({ baseUrl: "https://upstream.example/api/v1", transport: upstream.transport, embedded: false }),
}));

const { loadContinueWatching, rememberedHistoryReleases } = await import("./continue-watching.server");
const { createApiHandle } = await import("~/.server/api/handle");

const WATCHED = episodeFixture({ id: "e1", ordinal: 1, sort_order: 1 });
const NEXT = episodeFixture({ id: "e2", ordinal: 2, sort_order: 2 });
const OTHER = releaseFixture({ id: 12, alias: "other", episodes: [episodeFixture({ id: "o1" })] });

function historyEntry(release: Record<string, unknown>, episode: Record<string, unknown>) {
  const { episodes: _episodes, ...withoutEpisodes } = release;
  return {
    id: 1,
    time: 1400,
    user_id: 42,
    is_watched: true,
    updated_at: "2025-01-16T08:17:44+00:00",
    release_episode: { ...episode, release: withoutEpisodes },
  };
}

/** One look at the row: what was asked before any answer came, and the cards. */
async function look(historyReleases: Record<string, unknown>[]) {
  const releases = [releaseFixture({ episodes: [WATCHED, NEXT] }), OTHER];
  const held = heldTransport({
    "/accounts/users/me/views/history": pageFixture(historyReleases.map((release) => historyEntry(release, WATCHED))),
    "/accounts/users/me/views/timecodes": [["e1", 1400, true]],
    "/accounts/users/me/favorites/ids": [],
    "/accounts/users/me/collections/ids": [],
    "/anime/releases/list": (request: Request) => {
      const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").map(Number);
      return Response.json(pageFixture(releases.filter((release) => ids.includes(release.id as number))));
    },
  });
  upstream.transport = held.transport;
  const items = loadContinueWatching(createApiHandle(new Request("http://localhost/")));
  await callsStarted();
  const atOnce = held.asked.map((path) => path.split("?")[0]);
  held.open();
  const found = await items;
  return { found, atOnce, asked: held.asked };
}

afterEach(() => rememberedHistoryReleases.clear());

describe("continue watching, signed in", () => {
  it("asks for the releases of the last look together with the history; only releases watched since wait for it", async () => {
    const first = await look([releaseFixture()]);
    expect(first.atOnce).not.toContain("/anime/releases/list");
    expect(first.found?.map((item) => item.episodeId)).toEqual(["e2"]);

    const second = await look([releaseFixture()]);
    expect(second.atOnce).toEqual(
      expect.arrayContaining(["/accounts/users/me/views/history", "/accounts/users/me/views/timecodes", "/anime/releases/list"]),
    );
    expect(second.asked.filter((path) => path.startsWith("/anime/releases/list"))).toHaveLength(1);
    expect(second.found?.map((item) => item.episodeId)).toEqual(["e2"]);

    // A release watched since the last look: asked for after the history, the remembered one with it.
    const third = await look([OTHER, releaseFixture()]);
    const lists = third.asked.filter((path) => path.startsWith("/anime/releases/list"));
    expect(lists).toEqual([expect.stringContaining("ids=7439"), expect.stringContaining("ids=12")]);
    expect(third.found?.map((item) => item.releaseId)).toEqual([7439]);
  });
});
