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
