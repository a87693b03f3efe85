// "Вышли новые серии": after the first look, a session's releases are asked for together with its lists.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiHandle } from "~/.server/api/handle";
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

const { loadNewEpisodes, rememberedCounts, rememberedNewEpisodesCount } = await import("./new-episodes.server");
const { createLoadContext } = await import("~/.server/load-context.server");

const WATCHED = episodeFixture({ id: "e1", ordinal: 1, sort_order: 1 });
const NEW = episodeFixture({ id: "e2", ordinal: 2, sort_order: 2 });
const ANSWERS = {
  "/accounts/users/me/favorites/ids": [7439],
  "/accounts/users/me/collections/ids": [],
  "/accounts/users/me/views/timecodes": [["e1", 1400, true]],
  "/anime/releases/list": pageFixture([releaseFixture({ episodes: [WATCHED, NEW] })]),
};

async function look() {
  const held = heldTransport(ANSWERS);
  upstream.transport = held.transport;
  const items = loadNewEpisodes(createLoadContext(new Request("http://localhost/me/new-episodes/")).api);
  await callsStarted();
  const atOnce = held.asked.map((path) => path.split("?")[0]);
  held.open();
  return { found: await items, atOnce };
}

describe("new episodes", () => {
  it("asks for the releases of the last look together with the lists", async () => {
    const first = await look();
    expect(first.atOnce).not.toContain("/anime/releases/list");
    expect(first.found?.items.map((item) => item.next.id)).toEqual(["e2"]);
    const second = await look();
    expect(second.atOnce).toContain("/anime/releases/list");
    expect(second.found?.items.map((item) => item.next.id)).toEqual(["e2"]);
  });
});

afterEach(() => {
  vi.useRealTimers();
  rememberedCounts.clear();
});

/** A signed-in viewer with nothing in their lists: the count found is 0. */
function viewer(token: string): ApiHandle {
  const calls = {
    lists: { favoriteIds: async () => [], collectionIds: async () => [] },
    timecodes: { get: async () => [] },
  };
  return { user: { token }, ...calls, optional: calls } as unknown as ApiHandle;
}

describe("the remembered new-episodes counts", () => {
  it("are kept per session for five minutes, then swept without anyone asking", async () => {
    vi.useFakeTimers();
    for (const token of ["first", "second"]) await loadNewEpisodes(viewer(token));
    expect(rememberedNewEpisodesCount(viewer("first"))).toBe(0);
    expect(rememberedCounts.size()).toBe(2);
    vi.advanceTimersByTime(5 * 60_000);
    expect(rememberedCounts.size()).toBe(0);
    expect(rememberedNewEpisodesCount(viewer("first"))).toBeNull();
  });

  it("hold at most a thousand sessions", async () => {
    for (let index = 0; index < 1100; index += 1) await loadNewEpisodes(viewer(`token-${index}`));
    expect(rememberedCounts.size()).toBe(1000);
    expect(rememberedCounts.bytes()).toBeLessThan(1000 * 300);
  });
});
