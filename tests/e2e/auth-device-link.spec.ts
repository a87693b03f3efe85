// Linking a TV: the "TV" asks for a code through the public API, a signed-in user enters it on the site,
// and the TV signs in. Without JavaScript the form's steps are also request-level checks
// (tests/pages/auth-social.test.ts, decision 0268); the browser keeps the journey in both projects for its axe audit.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expectToast, signedInAt, useOwnClientAddress } from "./auth-helpers";

test.describe("device linking", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
  });

  test("a code shown on a TV links it to the account", async ({ page, request }) => {
    await signedInAt(page, "/app/auth/otp/linkDevice");
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

  test("an unknown code is named on the field", { tag: "@js-only" }, async ({ page }) => {
    await signedInAt(page, "/app/auth/otp/linkDevice");
    await page.getByLabel("Код с экрана устройства").fill("000000");
    await page.getByRole("button", { name: "Привязать устройство" }).click();
    await expect(page.locator("#field-code-error")).toContainText("Код не найден или срок его действия истёк.");
  });
});
