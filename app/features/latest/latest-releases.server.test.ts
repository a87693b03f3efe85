// The paged new releases: the first pages ask for the catalogue's page and the newest releases' episodes at once.
import { describe, expect, it, vi } from "vitest";
import type * as TransportModule from "~/.server/api/transport";
import { callsStarted, episodeFixture, heldTransport, pageFixture, releaseFixture } from "~/.server/api/test-fixtures";
import { withLoadContext } from "../../../tests/support/load-context";

const upstream = vi.hoisted(() => ({ transport: null as null | ((request: Request) => Promise<Response>) }));
vi.mock("~/.server/api/transport", async (importOriginal) => ({
  ...(await importOriginal<typeof TransportModule>()),
  resolveUpstream: () => ({ baseUrl: "https://upstream.example/api/v1", transport: upstream.transport, embedded: false }),
}));

const { loadLatestReleases } = await import("./latest-releases.server");

const EPISODE = episodeFixture({ ordinal: 7 });

function load(path: string) {
  return loadLatestReleases(withLoadContext({ request: new Request(`http://localhost${path}`), context: {} }));
}

/** The page `?page=3` asks for, the last one: a page past the end would be a 404 (decision 0282). */
const THIRD_OF_THREE = { current_page: 3, total_pages: 3 };

describe("latest releases", () => {
  it("fills the first page's latest episodes from /anime/releases/latest, asked together with the page", async () => {
    const held = heldTransport({
      "/anime/catalog/releases": pageFixture([releaseFixture({ id: 1, alias: "a" }), releaseFixture({ id: 2, alias: "b" })]),
      "/anime/releases/latest": [
        releaseFixture({ id: 2, alias: "b", latest_episode: EPISODE }),
        releaseFixture({ id: 1, alias: "a", latest_episode: EPISODE }),
      ],
    });
    upstream.transport = held.transport;
    const page = load("/anime/releases/latest");
    await callsStarted();
    expect(held.asked.map((path) => path.split("?")[0]).sort()).toEqual(["/anime/catalog/releases", "/anime/releases/latest"]);
    held.open();
    const { page: result } = await page;
    expect(result.items.map((release) => release.latestEpisode?.ordinal)).toEqual([7, 7]);
    expect(held.asked).toHaveLength(2);
  });

  it("asks by id for the latest episodes of releases past the newest fifty", async () => {
    const held = heldTransport({
      "/anime/catalog/releases": pageFixture([releaseFixture({ id: 1, alias: "a" })], THIRD_OF_THREE),
      "/anime/releases/list": pageFixture([releaseFixture({ id: 1, alias: "a", episodes: [EPISODE] })]),
    });
    upstream.transport = held.transport;
    held.open();
    const { page } = await load("/anime/releases/latest?page=3");
    expect(page.items[0]?.latestEpisode?.ordinal).toBe(7);
    expect(held.asked.some((path) => path.startsWith("/anime/releases/latest"))).toBe(false);
  });

  it("leaves a release blocked by copyright without a latest episode, whichever call names one", async () => {
    const blocked = { is_blocked_by_copyrights: true };
    const held = heldTransport({
      "/anime/catalog/releases": pageFixture([releaseFixture({ id: 1, alias: "a", ...blocked })], THIRD_OF_THREE),
      "/anime/releases/list": pageFixture([releaseFixture({ id: 1, alias: "a", episodes: [EPISODE], ...blocked })]),
    });
    upstream.transport = held.transport;
    held.open();
    const { page } = await load("/anime/releases/latest?page=3");
    expect(held.asked.some((path) => path.startsWith("/anime/releases/list"))).toBe(true);
    expect(page.items[0]?.latestEpisode).toBeNull();
  });
});
