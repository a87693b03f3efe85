// A release with 1,150 episodes (the demo's «Долгое плавание»): pages carry what they show, and every episode is
// reachable with and without JavaScript (decision 0205). Without JavaScript, and the server's
// "next episode" redirect, are request-level checks (tests/pages/long-release.test.ts, decision 0267).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createSignedInAccount, useOwnClientAddress } from "./auth-helpers";
import { withoutPreRoll } from "./player-helpers";

const ALIAS = "dolgoe-plavanie";
const RELEASE_URL = `/anime/releases/release/${ALIAS}`;
/** Far below the 1.6 MB the whole list used to weigh; the page holds 100 episodes. */
const MAX_PAGE_BYTES = 400_000;

type ApiEpisode = { id: string; ordinal: number; sort_order: number };

let episodes: ApiEpisode[] = [];

// The player pages start their video; on a busy machine a few navigations each take a while.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ request }) => {
  const release = (await (await request.get(`/api/v1/anime/releases/${ALIAS}`)).json()) as { episodes: ApiEpisode[] };
  episodes = [...release.episodes].sort((a, b) => a.sort_order - b.sort_order);
  expect(episodes).toHaveLength(1150);
});

test.beforeEach(({ context }) => withoutPreRoll(context));

const episodeList = (page: Page) => page.getByRole("list", { name: "Серии" });
const pageLinks = (page: Page) => page.getByRole("navigation", { name: "Страницы серий", exact: true });
/** Russian numbers group thousands with a space: "1 101". */
const number = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, "\\s?");

async function htmlBytes(request: APIRequestContext, path: string): Promise<number> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return (await response.body()).byteLength;
}

test("the release page shows 100 episodes and links to every page", { tag: "@js-only" }, async ({ page, request }) => {
  expect(await htmlBytes(request, RELEASE_URL)).toBeLessThan(MAX_PAGE_BYTES);
  await page.goto(RELEASE_URL);
  await expect(episodeList(page).getByRole("listitem")).toHaveCount(100);
  await expect(episodeList(page).getByRole("link").first()).toContainText(/Серия 1\b/);
  await expect(pageLinks(page).getByRole("link")).toHaveCount(12);
  await expect(page.getByText(/1\s?150 серий/)).toBeVisible();

  await pageLinks(page)
    .getByRole("link", { name: new RegExp(`^${number(1101)}–${number(1150)}$`) })
    .click();
  await expect(page).toHaveURL(/\?page=12$/);
  await expect(episodeList(page).getByRole("listitem")).toHaveCount(50);
  await expect(episodeList(page).getByRole("link").first()).toContainText(new RegExp(`Серия ${number(1101)}`));
  await expect(pageLinks(page).getByRole("link", { name: new RegExp(`^${number(1101)}`) })).toHaveAttribute("aria-current", "page");

  // A new order starts again from its first page: the newest hundred.
  await page.getByRole("group", { name: "Порядок" }).getByRole("link", { name: "Сначала новые" }).click();
  await expect(page).toHaveURL(/\?sort=desc$/);
  await expect(episodeList(page).getByRole("link").first()).toContainText(new RegExp(`Серия ${number(1150)}`));
  await expect(episodeList(page).getByRole("listitem")).toHaveCount(100);
});

test("a page past the end is the last page, and nonsense is the first", { tag: "@js-only" }, async ({ page }) => {
  const past = await page.goto(`${RELEASE_URL}/episodes?page=999999`);
  expect(past?.status()).toBe(200);
  await expect(episodeList(page).getByRole("listitem")).toHaveCount(50);
  const nonsense = await page.goto(`${RELEASE_URL}/episodes?page=%3Cscript%3E`);
  expect(nonsense?.status()).toBe(200);
  await expect(episodeList(page).getByRole("link").first()).toContainText(/Серия 1\b/);
});

test("the player lists a window of 50 around the episode, with ways to the rest", { tag: "@js-only" }, async ({ page, request }) => {
  const current = episodes[599]!;
  expect(await htmlBytes(request, `/anime/video/episode/${current.id}`)).toBeLessThan(MAX_PAGE_BYTES);
  await page.goto(`/anime/video/episode/${current.id}`);
  const queue = page.getByRole("region", { name: /^Серии/ });
  await expect(queue.getByRole("heading")).toContainText(/1\s?150/);
  await expect(queue.getByRole("listitem")).toHaveCount(50);
  await expect(queue.locator(`[data-queue-episode="${episodes[600]!.id}"]`)).toHaveCount(1);
  await expect(queue.locator(`[data-queue-episode="${episodes[598]!.id}"]`)).toHaveCount(1);
  await queue.getByRole("link", { name: /^Ранние серии/ }).click();
  // Episode 589 (index 588), the last before the window, is on the sixth page of the release.
  await expect(page).toHaveURL(new RegExp(`${RELEASE_URL}/episodes\\?page=6$`));
  await expect(episodeList(page).getByRole("link").first()).toContainText(/Серия 501\b/);
});

test("a visitor's last episode here leads «Смотреть» on", { tag: "@js-only" }, async ({ page }) => {
  const watched = episodes[499]!;
  const started = episodes[699]!;
  const recentEntry = (episode: ApiEpisode, time: number, isWatched: boolean) => ({
    timecodes: {},
    recent: [
      {
        releaseId: 0,
        alias: ALIAS,
        title: "Долгое плавание",
        poster: null,
        episodeId: episode.id,
        episodeOrdinal: episode.ordinal,
        time,
        duration: 24,
        isWatched,
        updatedAt: Date.now(),
      },
    ],
  });
  await page.goto(RELEASE_URL);
  await expect(page.getByRole("link", { name: "Смотреть", exact: true })).toHaveAttribute(
    "href",
    `/anime/video/episode/${episodes[0]!.id}`,
  );
  const releaseId = await page.evaluate(
    async (alias) => ((await (await fetch(`/api/v1/anime/releases/${alias}`)).json()) as { id: number }).id,
    ALIAS,
  );
  const store = async (value: ReturnType<typeof recentEntry>) => {
    value.recent[0]!.releaseId = releaseId;
    await page.evaluate((json) => window.localStorage.setItem("progress:v1", json), JSON.stringify(value));
    await page.reload();
  };
  await store(recentEntry(started, 10, false));
  await expect(page.getByRole("link", { name: /^Продолжить: серия 700, 0:10$/ })).toHaveAttribute(
    "href",
    `/anime/video/episode/${started.id}`,
  );
  await store(recentEntry(watched, 24, true));
  await page.getByRole("link", { name: "Продолжить просмотр" }).click();
  await expect(page).toHaveURL(new RegExp(`/anime/video/episode/${episodes[500]!.id}$`));
});

test("a signed-in viewer's «Смотреть» follows the account, without JavaScript too", async ({ page, baseURL }) => {
  await useOwnClientAddress(page);
  await createSignedInAccount(page);
  const response = await page.request.post("/api/v1/accounts/users/me/views/timecodes", {
    headers: { Origin: baseURL! },
    data: [{ release_episode_id: episodes[899]!.id, time: 24, is_watched: true }],
  });
  expect(response.ok()).toBe(true);
  await page.goto(RELEASE_URL);
  await expect(page.getByRole("link", { name: /^Продолжить: серия 901$/ })).toHaveAttribute(
    "href",
    `/anime/video/episode/${episodes[900]!.id}`,
  );
});
