// An adult episode opened by a direct link asks for the age confirmation before anything plays.
import { expect, test } from "@playwright/test";
import { expectPlayingPast, findPlayableRelease, withoutPreRoll, type DemoRelease } from "./player-helpers";

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request, { adult: true });
});

test.beforeEach(({ context }) => withoutPreRoll(context));

test("the player asks for the age first, remembers the answer, and the release page does not ask again", async ({ page }) => {
  test.setTimeout(90_000);
  const episodeUrl = `/anime/video/episode/${release.episodes[0]!.id}`;
  await page.goto(episodeUrl);
  const dialog = page.getByRole("dialog", { name: "Только для взрослых" });
  await expect(dialog).toBeVisible();
  await expect(page.locator("[data-age-gated]")).toHaveAttribute("inert", "");
  // Nothing of the stream behind the question.
  await expect(page.locator("video")).toHaveCount(0);
  // The question itself is audited by page-audits.spec.ts.

  await dialog.getByRole("button", { name: "Мне есть 18 лет" }).click();
  await expect(page).toHaveURL(new RegExp(`${episodeUrl}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(release.title);
  expect((await page.context().cookies()).find((cookie) => cookie.name === "age_confirmed")?.value).toBe("1");
  if (test.info().project.use.javaScriptEnabled !== false) await expectPlayingPast(page, 0.5);

  await page.goto(`/anime/video/queue/${release.episodes[1]!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto(`/anime/releases/release/${release.alias}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(release.title);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the queue view asks as well and returns to the queue", async ({ page }) => {
  const queueUrl = `/anime/video/queue/${release.episodes[1]!.id}`;
  await page.goto(queueUrl);
  const dialog = page.getByRole("dialog", { name: "Только для взрослых" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Мне есть 18 лет" }).click();
  await expect(page).toHaveURL(new RegExp(`${queueUrl}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
