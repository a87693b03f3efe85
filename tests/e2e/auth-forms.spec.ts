// The auth forms themselves: messages, accessibility, the honeypot and the rate limit.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { newAccount, readMailbox, useOwnClientAddress } from "./auth-helpers";
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

  for (const { path, heading } of PAGES) {
    test(`${path} is accessible and never cached`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toContain("no-store");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expectNoAxeViolations(page);
    });
  }

  test("an empty registration names every field with the default messages", async ({ page }) => {
    await page.goto("/app/auth/registration/newRegistration");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    for (const field of ["login", "email", "nickname", "password", "password_confirmation"]) {
      await expect(page.locator(`#field-${field}-error`)).toHaveText("Обязательное поле");
    }
    await expectNoAxeViolations(page);
  });

  test("the server checks a bad e-mail, a short password and a mismatch", { tag: "@no-js-only" }, async ({ page }) => {
    await page.goto("/app/auth/registration/newRegistration");
    await page.getByLabel("Логин", { exact: true }).fill("ab");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Никнейм").fill("Зритель");
    await page.getByLabel("Пароль", { exact: true }).fill("short");
    await page.getByLabel("Повторите пароль").fill("other");
    const response = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().includes("/app/auth/"));
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.locator("#field-login-error")).toHaveText("Не менее 3 символов");
    await expect(page.locator("#field-email-error")).toHaveText("Введите корректный адрес e-mail");
    await expect(page.locator("#field-password-error")).toHaveText("Не менее 8 символов");
    await expect(page.locator("#field-password_confirmation-error")).toHaveText("Пароли не совпадают");
    await expect(page.getByLabel("E-mail")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Пароль", { exact: true })).toHaveValue("");
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

  test("a filled honeypot is refused without saying why, and no account is made", async ({ page }) => {
    const account = newAccount();
    const response = await page.request.post("/app/auth/registration/newRegistration", {
      form: {
        login: account.login,
        email: account.email,
        nickname: account.nickname,
        password: account.password,
        password_confirmation: account.password,
        company_fax: "+1 555 0100",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Не удалось отправить форму.");
    const mailbox = await readMailbox();
    expect(mailbox).not.toContain(account.email);
  });

  test("the eleventh auth submission within a minute is refused with 429", async ({ page }) => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await page.request.post("/app/auth/login", { form: { login: "nobody", password: "wrong-password" }, maxRedirects: 0 });
      expect(answer.status(), `attempt ${attempt}`).toBe(401);
    }
    await page.goto("/app/auth/login");
    await page.getByLabel("Логин или e-mail").fill("nobody");
    await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
    const response = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().includes("/app/auth/"));
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    expect((await response).status()).toBe(429);
    await expect(page.getByRole("alert")).toContainText("Слишком много попыток. Подождите минуту и попробуйте снова.");
  });

  test("sign-out is a POST: a GET changes nothing", async ({ page }) => {
    const response = await page.request.get("/app/auth/logout", { maxRedirects: 0 });
    expect(response.status()).toBe(405);
  });
});
