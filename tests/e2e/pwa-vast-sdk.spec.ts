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

test("the demo pre-roll plays from the chain and reports its tracking events @js-only", async ({ page }) => {
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/embedded/ads/track")) beacons.push(new URL(request.url()).searchParams.get("event") ?? "");
  });
  await page.goto("/dev/vastSdkTest");
  // The embedded API serves a VAST 4.1 chain with one in-line pre-roll on its demo clip.
  await expect(page.getByText("Версия VAST: 4.1")).toBeVisible();
  await expect(page.getByText("Объявление 1 (id demo-preroll)")).toBeVisible();
  await expect(page.getByText("Можно пропустить через 00:00:05")).toBeVisible();
  await page.getByRole("button", { name: "Запустить с пре-роллом" }).click();
  const events = page.getByTestId("vast-events");
  await expect(events).toContainText("start", { timeout: 20_000 });
  await expect.poll(() => beacons, { timeout: 20_000 }).toContain("start");
  expect(beacons).toContain("impression");
});
