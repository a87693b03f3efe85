// Linking a TV: the "TV" asks for a code through the public API, a signed-in user enters it on the site,
// and the TV signs in.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createSignedInAccount, expectToast, useOwnClientAddress } from "./auth-helpers";

test.describe("device linking", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
  });

  test("a visitor is sent to sign in and comes back to the code form", async ({ page }) => {
    await page.goto("/app/auth/otp/linkDevice");
    await expect(page).toHaveURL(/\/app\/auth\/login\?redirectTo=%2Fapp%2Fauth%2Fotp%2FlinkDevice$/);
  });

  test("a code shown on a TV links it to the account", async ({ page, request }) => {
    await createSignedInAccount(page, "/app/auth/login?redirectTo=%2Fapp%2Fauth%2Fotp%2FlinkDevice");
    await expect(page).toHaveURL(/\/app\/auth\/otp\/linkDevice$/);
    await expectNoAxeViolations(page);

    const deviceId = `tv-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const issued = await request.post("/api/v1/accounts/otp/get", { data: { device_id: deviceId } });
    expect(issued.status()).toBe(200);
    const { otp } = (await issued.json()) as { otp: { code: string | number } };
    const code = String(otp.code).padStart(6, "0");
    expect((await request.post("/api/v1/accounts/otp/login", { data: { code, device_id: deviceId } })).status()).toBe(401);

    await page.getByLabel("Код с экрана устройства").fill("12ab");
    await page.getByRole("button", { name: "Привязать устройство" }).click();
    await expect(page.locator("#field-code-error")).toHaveText("Допустимы только цифры");

    await page.getByLabel("Код с экрана устройства").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole("button", { name: "Привязать устройство" }).click();
    await expectToast(page, "Устройство привязано к аккаунту.");

    const signedIn = await request.post("/api/v1/accounts/otp/login", { data: { code, device_id: deviceId } });
    expect(signedIn.status()).toBe(200);
    expect(((await signedIn.json()) as { token?: unknown }).token).toEqual(expect.any(String));
  });

  test("an unknown code is named on the field", async ({ page }) => {
    await createSignedInAccount(page, "/app/auth/login?redirectTo=%2Fapp%2Fauth%2Fotp%2FlinkDevice");
    await page.getByLabel("Код с экрана устройства").fill("000000");
    await page.getByRole("button", { name: "Привязать устройство" }).click();
    await expect(page.locator("#field-code-error")).toContainText("Код не найден или срок его действия истёк.");
  });
});
