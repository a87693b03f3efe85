// The whole account life cycle through the forms with JavaScript. Without it the same journeys are request-level
// checks (tests/pages/auth-forms.test.ts, decision 0268): plain posts, redirects and the server's pages.
import { expect, test } from "@playwright/test";
import { newAccount } from "../support/test-accounts";
import { expectToast, mailedLink, register, signIn, signOut, useOwnClientAddress, verifyEmail } from "./auth-helpers";

test.describe("an account's life cycle", { tag: "@js-only" }, () => {
  // Whole journeys through several forms and the mailbox: longer than the default budget on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
  });

  test("register → confirm the e-mail → sign in → sign out → forget → reset → sign in with the new password", async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    await verifyEmail(page, account);

    await signIn(page, account.login, account.password);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Вы вошли в аккаунт.");
    await expect(page.getByRole("banner").getByText(account.nickname)).toBeVisible();
    await signOut(page);

    await page.goto("/app/auth/login");
    await page.getByRole("link", { name: "Забыли пароль?" }).click();
    await expect(page).toHaveURL(/\/app\/auth\/password\/forgetPassword$/);
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByRole("button", { name: "Отправить ссылку" }).click();
    await expect(page.getByRole("heading", { name: "Письмо отправлено" })).toBeVisible();

    const newPassword = `${account.password}-new`;
    await page.goto(await mailedLink(account.email, "/app/auth/password/resetPassword"));
    await page.getByLabel("Новый пароль").fill(newPassword);
    await page.getByLabel("Повторите пароль").fill(newPassword);
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    await expectToast(page, "Пароль изменён. Войдите с новым паролем.");

    await signIn(page, account.email, account.password);
    await expect(page.getByRole("alert")).toContainText("Неверный логин или пароль.");
    await expect(page.getByLabel("Логин или e-mail")).toHaveValue(account.email);

    await signIn(page, account.email, newPassword);
    await expect(page.getByRole("banner").getByText(account.nickname)).toBeVisible();
  });

  test("a sign-in returns to the page that asked for it; a redirect to another site is ignored", async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    await verifyEmail(page, account);
    await page.goto("/app/auth/login?redirectTo=%2Fanime%2Fcatalog%2F");
    await signIn(page, account.login, account.password);
    await expect(page).toHaveURL(/\/anime\/catalog\/$/);
    await signOut(page);

    await page.goto(`/app/auth/login?redirectTo=${encodeURIComponent("//evil.example/")}`);
    await signIn(page, account.login, account.password);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });

  test("a taken login and e-mail are named on their fields", async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    await page.goto("/app/auth/registration/newRegistration");
    const response = page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().includes("/app/auth/"));
    await page.getByLabel("Логин", { exact: true }).fill(account.login);
    await page.getByLabel("E-mail").fill(account.email);
    await page.getByLabel("Никнейм").fill("Другой зритель");
    await page.getByLabel("Пароль", { exact: true }).fill("another-password");
    await page.getByLabel("Повторите пароль").fill("another-password");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.locator("#field-login-error")).toHaveText("Этот логин уже занят.");
    await expect(page.locator("#field-email-error")).toHaveText("Этот e-mail уже зарегистрирован.");
    await expect(page.getByLabel("Логин", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Никнейм")).toHaveValue("Другой зритель");
  });

  test("an unconfirmed account is told to confirm its e-mail", async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    await page.goto("/app/auth/login");
    await signIn(page, account.login, account.password);
    await expect(page.getByRole("alert")).toContainText("подтвердите e-mail");
  });

  test("a used confirmation link says so", async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    const link = await mailedLink(account.email, "/app/auth/registration/verifyEmail");
    await verifyEmail(page, account);
    await page.goto(link);
    await page.getByRole("button", { name: "Подтвердить e-mail" }).click();
    await expect(page.getByRole("alert")).toContainText("недействительна или устарела");
  });
});
