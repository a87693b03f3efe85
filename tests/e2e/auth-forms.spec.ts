// The auth forms themselves: accessibility of every auth page with and without JavaScript, and what JavaScript adds
// to the forms (live checks, the rate limit's message in place). The server's checks, messages, honeypot and rate
// limit without JavaScript are request-level checks (tests/pages/auth-forms.test.ts, decision 0268).
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { AXE_WALK_STEP_MS, useOwnClientAddress } from "./auth-helpers";
import { waitForHydration } from "./hydration";

const PAGES = [
  { path: "/app/auth/login", heading: "Вход" },
  { path: "/app/auth/registration/newRegistration", heading: "Регистрация" },
  { path: "/app/auth/registration/newRegistration?sent", heading: "Проверьте почту" },
  { path: "/app/auth/registration/verifyEmail?token=some-token", heading: "Подтверждение e-mail" },
  { path: "/app/auth/registration/verifyEmail", heading: "Подтверждение e-mail" },
  { path: "/app/auth/password/forgetPassword", heading: "Восстановление пароля" },
  { path: "/app/auth/password/forgetPassword?sent", heading: "Письмо отправлено" },
  { path: "/app/auth/password/resetPassword?token=some-token", heading: "Смена пароля" },
  { path: "/app/auth/password/resetPassword", heading: "Смена пароля" },
];

test.describe("auth pages", () => {
  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
  });

  // One test walks every page (a step each, so a failure names its page): the audits are the cost, not the loads. Its
  // budget is the nine tests' own: a no-JavaScript audit takes 20 s and more on a loaded machine.
  test("every auth page is accessible and never cached", async ({ page }) => {
    test.setTimeout(AXE_WALK_STEP_MS * PAGES.length);
    for (const { path, heading } of PAGES) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        expect(response?.headers()["cache-control"]).toContain("no-store");
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        await expectNoAxeViolations(page);
      });
    }
  });

  test("an empty registration names every field with the default messages", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/app/auth/registration/newRegistration");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    for (const field of ["login", "email", "nickname", "password", "password_confirmation"]) {
      await expect(page.locator(`#field-${field}-error`)).toHaveText("Обязательное поле");
    }
    await expectNoAxeViolations(page);
  });

  test("with JavaScript the fields check themselves as the user types, before anything is sent", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/app/auth/registration/newRegistration");
    await waitForHydration(page);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/app/auth/")) posted = true;
    });
    const email = page.getByLabel("E-mail");
    await email.fill("viewer@");
    await email.blur();
    await expect(page.locator("#field-email-error")).toHaveText("Введите корректный адрес e-mail");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.pressSequentially("example.com");
    await expect(page.locator("#field-email-error")).toHaveCount(0);

    const login = page.getByLabel("Логин", { exact: true });
    await login.fill("кириллица");
    await login.blur();
    await expect(page.locator("#field-login-error")).toHaveText("Неверный формат");

    await page.getByLabel("Пароль", { exact: true }).fill("long-enough-password");
    await page.getByLabel("Повторите пароль").fill("long-enough-passwor");
    await page.getByLabel("Повторите пароль").blur();
    await expect(page.locator("#field-password_confirmation-error")).toHaveText("Пароли не совпадают");
    await page.getByLabel("Повторите пароль").press("End");
    await page.getByLabel("Повторите пароль").press("d");
    await expect(page.locator("#field-password_confirmation-error")).toHaveCount(0);

    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page.locator("#field-nickname-error")).toHaveText("Обязательное поле");
    await expect(page.getByLabel("Логин", { exact: true })).toBeFocused();
    expect(posted).toBe(false);
  });

  test("the eleventh auth submission within a minute is refused with 429", { tag: "@js-only" }, async ({ page }) => {
    // A name of its own each time: five wrong passwords on one account already back off (decision 0281).
    const login = (attempt: number) => `nobody-${Date.now().toString(36)}-${attempt}`;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await page.request.post("/app/auth/login", {
        form: { login: login(attempt), password: "wrong-password" },
        maxRedirects: 0,
      });
      expect(answer.status(), `attempt ${attempt}`).toBe(401);
    }
    await page.goto("/app/auth/login");
    await page.getByLabel("Логин или e-mail").fill(login(11));
    await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
    const response = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().includes("/app/auth/"));
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    expect((await response).status()).toBe(429);
    await expect(page.getByRole("alert")).toContainText("Слишком много попыток. Подождите минуту и попробуйте снова.");
  });
});
