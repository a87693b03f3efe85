// The developer page of the video-ad SDK (/dev/vastSdkTest) against the embedded API's VAST chain.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";

test("the VAST test page reads the chain, says it is for developers and is never indexed", async ({ page }) => {
  const response = await page.goto("/dev/vastSdkTest");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name: "Проверка рекламного SDK (VAST)" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Страница для разработчиков");
  await expectNoAxeViolations(page);
});

test("an empty chain plays no pre-roll and reports no events @js-only", async ({ page }) => {
  await page.goto("/dev/vastSdkTest");
  // The embedded API serves a VAST 4.1 document without ads.
  await expect(page.getByText("Версия VAST: 4.1")).toBeVisible();
  await expect(page.getByTestId("vast-empty")).toBeVisible();
  await page.getByRole("button", { name: "Запустить с пре-роллом" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Рекламы нет" })).toBeVisible();
  await expect(page.getByText("Событий пока нет: запустите плеер.")).toBeVisible();
});
