// Social sign-in against the embedded API's stand-in consent page, with JavaScript; without it the same steps are
// request-level checks (tests/pages/auth-social.test.ts, decision 0268). The waiting page runs in both projects: it
// polls by itself with JavaScript, and its no-JavaScript markup is audited here.
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, useOwnClientAddress } from "./auth-helpers";

function identity(): string {
  return `viewer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

async function openConsent(page: Page, providerLabel: string): Promise<string> {
  await page.goto("/app/auth/login?redirectTo=%2Fanime%2Fschedule");
  await page.getByRole("link", { name: `Войти через ${providerLabel}` }).click();
  await expect(page).toHaveURL(/\/embedded\/oauth\/[a-z]+\?state=/);
  return new URL(page.url()).searchParams.get("state")!;
}

test.describe("social sign-in", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
  });

  test("consent on the provider's page signs in and returns to the page that asked", { tag: "@js-only" }, async ({ page }) => {
    await openConsent(page, "VK ID");
    const name = identity();
    await page.getByLabel(/Имя аккаунта/).fill(name);
    await page.getByRole("button", { name: "Разрешить" }).click();
    await expect(page).toHaveURL(/\/anime\/schedule$/);
    await expect(page.getByRole("banner").getByText(name)).toBeVisible();
  });

  test("the callback waits for the provider, then signs in", async ({ page, request }) => {
    const state = await openConsent(page, "Discord");
    // The user came back before the provider confirmed: the page waits.
    await page.goto(`/app/auth/social/callback?state=${encodeURIComponent(state)}`);
    await expect(page.getByRole("heading", { name: "Вход через социальную сеть" })).toBeVisible();
    await expectNoAxeViolations(page);

    const name = identity();
    const consent = await request.post("/embedded/oauth/discord", { form: { state, identity: name, decision: "allow" }, maxRedirects: 0 });
    expect(consent.status()).toBe(303);

    if (test.info().project.use.javaScriptEnabled === false) {
      await page.getByRole("button", { name: "Продолжить" }).click();
    }
    // With JavaScript the page asks again by itself.
    await expect(page).toHaveURL(/\/anime\/schedule$/);
    await expect(page.getByRole("banner").getByText(name)).toBeVisible();
  });

  test("declining on the provider's page comes back with a message", { tag: "@js-only" }, async ({ page }) => {
    await openConsent(page, "Google");
    await page.getByRole("button", { name: "Отмена" }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login\?redirectTo=%2Fanime%2Fschedule$/);
    await expectToast(page, "Вход через социальную сеть отменён.");
  });

  test("a callback this browser did not start never signs in", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/app/auth/social/callback?state=forged-state");
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    await expectToast(page, "Сессия входа через социальную сеть устарела.");
  });
});
