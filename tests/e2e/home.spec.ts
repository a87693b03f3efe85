// Without JavaScript home's blocks are a request (tests/pages/shell.test.ts); axe audits it in page-audits.spec.ts.
import { expect, test } from "@playwright/test";

test("the home page shows promotions, new episodes and today's schedule from the API", { tag: "@js-only" }, async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("list", { name: "Анонсы и акции" }).getByRole("listitem").first()).toBeVisible();
  const latest = page.getByRole("region", { name: "Новые серии" });
  await expect(latest.getByRole("article")).toHaveCount(12);
  await expect(latest.getByRole("link", { name: /Смотреть \d+(,\d+)?-ю серию/ }).first()).toHaveAttribute(
    "href",
    /^\/anime\/video\/episode\//,
  );
  await expect(page.getByRole("region", { name: "Сегодня в расписании" })).toBeVisible();
});

test("the poll keeps the page's gap from the block above it", async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const poll = page.locator('section[aria-labelledby="home-poll"]');
    await poll.scrollIntoViewIfNeeded();
    await expect(poll.getByRole("heading", { name: "Опрос" })).toBeVisible();
    // From the last of one block's content to the next block's heading: for the poll, and for the block above it. The
    // blocks below the fold are laid out when they come near (content-visibility): read once they have been.
    const readGaps = () =>
      poll.evaluate((section) => {
        const gapAbove = (block: Element) => {
          const previous = block.previousElementSibling!;
          return block.querySelector("h2")!.getBoundingClientRect().top - previous.lastElementChild!.getBoundingClientRect().bottom;
        };
        return { poll: gapAbove(section), blockAbove: gapAbove(section.previousElementSibling!) };
      });
    await expect.poll(async () => (await readGaps()).poll, { message: `at ${viewport.width} px` }).toBeGreaterThanOrEqual(32);
    const gaps = await readGaps();
    expect(Math.abs(gaps.poll - gaps.blockAbove), `at ${viewport.width} px`).toBeLessThanOrEqual(8);
  }
});
