// "Вышли новые серии" (decision 0196): the home block, the page and the account menu's count, from the
// account's favorites and progress; the link goes to the first unwatched episode, and a release leaves the
// list once its latest episode is watched.
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { collectLayoutViolations } from "../support/layout";
import { createSignedInAccount, useOwnClientAddress } from "./auth-helpers";
import { findPlayableRelease, type DemoRelease } from "./player-helpers";

test.describe.configure({ timeout: 120_000 });

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

async function callProxy(page: Page, path: string, body: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/v1${path}`, { data: body, headers: { Origin: origin } });
  expect(response.ok(), `POST ${path}: ${response.status()}`).toBe(true);
}

const watched = (index: number) => ({ release_episode_id: release.episodes[index]!.id, time: 5, is_watched: true });
const episodeUrl = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;
const newEpisodes = (page: Page) => page.getByRole("list", { name: "Вышли новые серии" }).getByRole("listitem");

// Without JavaScript this is a request (tests/pages/shell.test.ts).
test("a visitor is told to sign in, with no block on the home page", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/me/new-episodes/");
  await expect(page.getByRole("heading", { name: "Вышли новые серии", level: 1 })).toBeVisible();
  await expect(page.getByText(/Войдите, чтобы видеть новые серии/)).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Вышли новые серии" })).toHaveCount(0);
});

test("the viewer's favorite with an unwatched newer episode: block, page, count, and gone once watched", async ({ page }) => {
  await useOwnClientAddress(page);
  await createSignedInAccount(page, "/app/auth/login?redirectTo=%2Fme%2Fnew-episodes%2F");
  // Nothing watched yet: an invitation to start, not "you have watched everything" (commit db61e3f).
  await expect(page.getByText(/Вы ещё не начали смотреть/)).toBeVisible();
  await expect(page.getByText(/вы посмотрели всё/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Выбрать в каталоге" })).toHaveAttribute("href", "/anime/catalog/");

  await callProxy(page, "/accounts/users/me/favorites", [{ release_id: await releaseId(page) }]);
  await callProxy(page, "/accounts/users/me/views/timecodes", [watched(0)]);

  await page.goto("/");
  const block = page.getByRole("region", { name: "Вышли новые серии" });
  await expect(block.getByRole("link", { name: new RegExp(`^Смотреть ${release.episodes[1]!.ordinal}-ю серию`) })).toHaveAttribute(
    "href",
    episodeUrl(1),
  );

  await page.goto("/me/new-episodes/");
  await expect(newEpisodes(page)).toHaveCount(1);
  await expect(newEpisodes(page).getByRole("link", { name: /^Смотреть \d+-ю серию/ })).toHaveAttribute("href", episodeUrl(1));
  await expect(newEpisodes(page)).toContainText(`Новых серий: ${release.episodes.length - 1}`);
  // The menu shows the count the last computation found (this page's), from the next page on.
  await page.reload();
  await page.locator('summary[aria-label="Меню профиля"]').click();
  await expect(page.getByRole("link", { name: /^Новые серии\s*1$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await collectLayoutViolations(page, { within: "main" })).toEqual([]);

  const last = release.episodes.length - 1;
  await callProxy(page, "/accounts/users/me/views/timecodes", [watched(last)]);
  await page.goto("/me/new-episodes/");
  await expect(page.getByText(/Новых серий пока нет/)).toBeVisible();
  await expect(newEpisodes(page)).toHaveCount(0);
});

async function releaseId(page: Page): Promise<number> {
  const answer = (await (await page.request.get(`/api/v1/anime/releases/${release.alias}`)).json()) as { id: number };
  return answer.id;
}
