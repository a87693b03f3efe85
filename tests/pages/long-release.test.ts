// Request-level twins of the long release's checks without JavaScript (tests/e2e/long-release.spec.ts): the demo's
// «Долгое плавание» with 1,150 episodes, whose pages carry what they show and reach every episode by links
// (decisions 0205, 0267).
import { within } from "@testing-library/dom";
import { beforeAll, describe, expect, test } from "vitest";
import { hrefOf, loadPage, request, textOf, VISITORS, type LoadedPage } from "./support/page";

const ALIAS = "dolgoe-plavanie";
const RELEASE_URL = `/anime/releases/release/${ALIAS}`;
/** Far below the 1.6 MB the whole list used to weigh; the page holds 100 episodes. */
const MAX_PAGE_BYTES = 400_000;

type ApiEpisode = { id: string; ordinal: number; sort_order: number };

const visitor = VISITORS.withoutJavaScript;
let episodes: ApiEpisode[] = [];

beforeAll(async () => {
  const release = (await (await request(`/api/v1/anime/releases/${ALIAS}`, visitor)).json()) as { episodes: ApiEpisode[] };
  episodes = [...release.episodes].sort((a, b) => a.sort_order - b.sort_order);
  expect(episodes).toHaveLength(1150);
});

const episodeList = (page: LoadedPage) => page.screen.getByRole("list", { name: "Серии" });
const episodeItems = (page: LoadedPage) => within(episodeList(page)).getAllByRole("listitem");
const firstEpisodeLink = (page: LoadedPage) => textOf(within(episodeList(page)).getAllByRole("link")[0]);
const pageLinks = (page: LoadedPage) => within(page.screen.getByRole("navigation", { name: "Страницы серий" }));
/** Russian numbers group thousands with a space: "1 101". */
const number = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, "\\s?");

describe("a release with 1,150 episodes, for a browser without JavaScript", () => {
  test("the release page shows 100 episodes and links to every page", async () => {
    const page = await loadPage(RELEASE_URL, visitor);
    expect(page.status).toBe(200);
    expect(Buffer.byteLength(page.html)).toBeLessThan(MAX_PAGE_BYTES);
    expect(episodeItems(page)).toHaveLength(100);
    expect(firstEpisodeLink(page)).toMatch(/Серия 1\b/);
    expect(pageLinks(page).getAllByRole("link")).toHaveLength(12);
    page.screen.getByText(/1\s?150 серий/);

    const lastPageLink = pageLinks(page).getByRole("link", { name: new RegExp(`^${number(1101)}–${number(1150)}$`) });
    const last = await loadPage(hrefOf(lastPageLink), visitor);
    expect(last.path).toMatch(/\?page=12$/);
    expect(episodeItems(last)).toHaveLength(50);
    expect(firstEpisodeLink(last)).toMatch(new RegExp(`Серия ${number(1101)}`));
    expect(
      pageLinks(last)
        .getByRole("link", { name: new RegExp(`^${number(1101)}`) })
        .getAttribute("aria-current"),
    ).toBe("page");

    // A new order starts again from its first page: the newest hundred.
    const order = within(last.screen.getByRole("group", { name: "Порядок" }));
    const newest = await loadPage(hrefOf(order.getByRole("link", { name: "Сначала новые" })), visitor);
    expect(newest.path).toMatch(/\?sort=desc$/);
    expect(firstEpisodeLink(newest)).toMatch(new RegExp(`Серия ${number(1150)}`));
    expect(episodeItems(newest)).toHaveLength(100);
  });

  test("a page past the end is the last page, and nonsense is the first", async () => {
    const past = await loadPage(`${RELEASE_URL}/episodes?page=999999`, visitor);
    expect(past.status).toBe(200);
    expect(episodeItems(past)).toHaveLength(50);
    const nonsense = await loadPage(`${RELEASE_URL}/episodes?page=%3Cscript%3E`, visitor);
    expect(nonsense.status).toBe(200);
    expect(firstEpisodeLink(nonsense)).toMatch(/Серия 1\b/);
  });

  test("the player lists a window of 50 around the episode, with ways to the rest", async () => {
    const current = episodes[599]!;
    const page = await loadPage(`/anime/video/episode/${current.id}`, visitor);
    expect(page.status).toBe(200);
    expect(Buffer.byteLength(page.html)).toBeLessThan(MAX_PAGE_BYTES);
    const queue = page.screen.getByRole("region", { name: /^Серии/ });
    expect(textOf(within(queue).getByRole("heading"))).toMatch(/1\s?150/);
    expect(within(queue).getAllByRole("listitem")).toHaveLength(50);
    expect(queue.querySelectorAll(`[data-queue-episode="${episodes[600]!.id}"]`)).toHaveLength(1);
    expect(queue.querySelectorAll(`[data-queue-episode="${episodes[598]!.id}"]`)).toHaveLength(1);
    const earlier = await loadPage(hrefOf(within(queue).getByRole("link", { name: /^Ранние серии/ })), visitor);
    // Episode 589 (index 588), the last before the window, is on the sixth page of the release.
    expect(earlier.path).toMatch(new RegExp(`${RELEASE_URL}/episodes\\?page=6$`));
    expect(firstEpisodeLink(earlier)).toMatch(/Серия 501\b/);
  });

  test("the episode after a watched one is found on the server", async () => {
    expect((await loadPage(`/anime/video/episode/${episodes[9]!.id}/next`, visitor)).path).toBe(`/anime/video/episode/${episodes[10]!.id}`);
    expect((await loadPage(`/anime/video/episode/${episodes[1149]!.id}/next`, visitor)).path).toBe(
      `/anime/video/episode/${episodes[1149]!.id}`,
    );
  });
});
