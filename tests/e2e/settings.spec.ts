// Settings with JavaScript: the sections, changing the password and signing in with the new one, ending another
// device's session, linking a social account, notification switches, checked by axe. Without JavaScript the same forms
// are request-level checks (tests/pages/settings.test.ts, decision 0268); the browser keeps their axe audits.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { AXE_WALK_STEP_MS, createSignedInAccount, expectToast, signedInAt, signIn, signOut, useOwnClientAddress } from "./auth-helpers";
import type { TestAccount } from "../support/test-accounts";
import { waitForHydration } from "./hydration";

test.describe.configure({ timeout: 120_000 });

const JS_ONLY = { tag: "@js-only" };

test.beforeEach(async ({ page }) => {
  await useOwnClientAddress(page);
});

/** A fresh account signed in on the section, its toast shown (the sign-in form's way there is the first test's). */
function signUpInto(page: Page, section: string): Promise<TestAccount> {
  return signedInAt(page, `/app/settings/${section}`);
}

const block = (page: Page, heading: string) => page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) });

/** Confirms a destructive action in its modal dialog. */
async function confirm(page: Page, button: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: button }).click();
}

/** The same account signed in on a second browser (another device, same JavaScript mode, its own address). */
async function signInOnSecondDevice(browser: Browser, account: TestAccount) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    locale: "ru-RU",
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a Playwright helper named like a hook, not a React hook
  await useOwnClientAddress(page);
  await page.goto("/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F");
  await signIn(page, account.login, account.password);
  await expect(page).toHaveURL(/\/me\/favorites\/$/);
  return { context, page };
}

test("/app/settings/ opens the site section; visitors sign in first", JS_ONLY, async ({ page }) => {
  await page.goto("/app/settings/");
  await expect(page).toHaveURL(/\/app\/auth\/login\?redirectTo=%2Fapp%2Fsettings%2Fsite$/);
  await createSignedInAccount(page, page.url());
  await expect(page).toHaveURL(/\/app\/settings\/site$/);
  await page.goto("/app/settings/");
  await expect(page).toHaveURL(/\/app\/settings\/site$/);
  await expect(page.getByRole("heading", { name: "Настройки", level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const nav = page.getByRole("navigation", { name: "Разделы настроек" });
  for (const section of ["Сайт", "Аккаунт", "Соцсети", "Сеансы", "Уведомления"])
    await expect(nav.getByRole("link", { name: section })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Ваши данные: экспорт и импорт" })).toHaveAttribute("href", "/me/data");
  await expectNoAxeViolations(page);

  // The theme applies at once, without the form's button.
  const theme = block(page, "Тема оформления");
  await waitForHydration(page);
  const saved = page.waitForResponse((response) => response.url().includes("/preferences/theme"));
  await theme.getByLabel("Светлая").check();
  await saved;
  await expect(page.locator("html")).toHaveClass(/(^|\s)light(\s|$)/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/(^|\s)light(\s|$)/);

  await block(page, "Плеер по умолчанию").getByLabel("Пропускать опенинг").check();
  await page.reload();
  await expect(block(page, "Плеер по умолчанию").getByLabel("Пропускать опенинг")).toBeChecked();
});

test("changing the password, then signing in again with the new one", JS_ONLY, async ({ page }) => {
  const account = await signUpInto(page, "account");
  await expectNoAxeViolations(page);
  const form = block(page, "Пароль");
  const newPassword = `${account.password}-new`;

  await form.getByLabel("Текущий пароль", { exact: true }).fill("not-my-password");
  await form.getByLabel("Новый пароль", { exact: true }).fill(newPassword);
  await form.getByLabel("Повторите новый пароль").fill(newPassword);
  await form.getByRole("button", { name: "Сменить пароль" }).click();
  await expect(block(page, "Пароль").getByText("Неверный текущий пароль.")).toBeVisible();
  await expectNoAxeViolations(page);

  await block(page, "Пароль").getByLabel("Текущий пароль", { exact: true }).fill(account.password);
  await block(page, "Пароль").getByLabel("Новый пароль", { exact: true }).fill(newPassword);
  await block(page, "Пароль").getByLabel("Повторите новый пароль").fill(newPassword);
  await block(page, "Пароль").getByRole("button", { name: "Сменить пароль" }).click();
  await expectToast(page, "Пароль изменён. На других устройствах нужно войти заново.");
  await expect(page).toHaveURL(/\/app\/settings\/account$/);

  await signOut(page);
  await page.goto("/app/auth/login");
  await signIn(page, account.login, account.password);
  await expect(page.getByText("Неверный логин или пароль.")).toBeVisible();
  await signIn(page, account.login, newPassword);
  await expect(page).not.toHaveURL(/\/app\/auth\/login/);
  await expect(page.locator('summary[aria-label="Меню профиля"]')).toBeVisible();
});

test("the nickname and its Russian messages", JS_ONLY, async ({ page }) => {
  await signUpInto(page, "account");
  const profile = block(page, "Профиль");
  await profile.getByLabel("Никнейм").fill("Я");
  await profile.getByRole("button", { name: "Сохранить" }).click();
  await expect(block(page, "Профиль").getByText("Не менее 2 символов")).toBeVisible();
  await block(page, "Профиль").getByLabel("Никнейм").fill("Новый ник");
  await block(page, "Профиль").getByRole("button", { name: "Сохранить" }).click();
  await expectToast(page, "Никнейм изменён.");
  await expect(page.locator('summary[aria-label="Меню профиля"]')).toContainText("Новый ник");
});

test("ending another device's session signs that device out", JS_ONLY, async ({ page, browser }) => {
  const account = await signUpInto(page, "sessions");
  const other = await signInOnSecondDevice(browser, account);
  try {
    await page.reload();
    const rows = page.getByRole("table", { name: "Сеансы входа" }).getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole("row", { name: /Это устройство/ })).toHaveCount(1);
    await expectNoAxeViolations(page);

    const revoke = page.getByRole("button", { name: /^Завершить: / });
    await expect(revoke).toHaveCount(1);
    await waitForHydration(page);
    await revoke.click();
    await confirm(page, "Завершить");
    await expectToast(page, "Сеанс завершён.");
    await expect(page.getByRole("table", { name: "Сеансы входа" }).getByRole("row")).toHaveCount(2);
    await expect(page.getByText("Других сеансов нет.")).toBeVisible();

    // The other device is signed out: its next page asks it to sign in.
    await other.page.goto("/app/settings/sessions");
    await expect(other.page).toHaveURL(/\/app\/auth\/login\?redirectTo=%2Fapp%2Fsettings%2Fsessions$/);
  } finally {
    await other.context.close();
  }
});

test("ending every other session at once", JS_ONLY, async ({ page, browser }) => {
  const account = await signUpInto(page, "sessions");
  const other = await signInOnSecondDevice(browser, account);
  try {
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Завершить все другие сеансы" }).click();
    await confirm(page, "Завершить все другие сеансы");
    await expectToast(page, "Другие сеансы завершены.");
    await expect(page.getByText("Других сеансов нет.")).toBeVisible();
    await other.page.reload();
    await expect(other.page).toHaveURL(/\/app\/auth\/login/);
  } finally {
    await other.context.close();
  }
});

test("linking and unlinking a social account", JS_ONLY, async ({ page }) => {
  await signUpInto(page, "socials");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Привязать VK ID" }).click();
  await expect(page.getByRole("heading", { name: "Привязка VK ID" })).toBeVisible();
  await page.getByLabel(/Имя аккаунта/).fill(`vk-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  await page.getByRole("button", { name: "Разрешить" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/socials$/);
  await expectToast(page, "VK ID привязан к аккаунту.");
  await expect(page.getByText(/^Привязан: vk-/)).toBeVisible();

  await waitForHydration(page);
  await page.getByRole("button", { name: "Отвязать VK ID" }).click();
  await confirm(page, "Отвязать");
  await expectToast(page, "VK ID отвязан.");
  await expect(page.getByRole("link", { name: "Привязать VK ID" })).toBeVisible();
});

test("notification switches are saved", JS_ONLY, async ({ page }) => {
  await signUpInto(page, "notifications");
  await expectNoAxeViolations(page);
  const news = page.getByRole("switch", { name: "Новости и анонсы АниЛибрии" });
  await expect(news).not.toBeChecked();
  await news.check();
  await page.getByRole("switch", { name: "Новые серии релизов из избранного" }).uncheck();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expectToast(page, "Настройки уведомлений сохранены.");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Новости и анонсы АниЛибрии" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Новые серии релизов из избранного" })).not.toBeChecked();
});

test("the account menu leads to settings and to the data page", JS_ONLY, async ({ page }) => {
  await signUpInto(page, "site");
  await page.locator('summary[aria-label="Меню профиля"]').click();
  await page.getByRole("banner").getByRole("link", { name: "Ваши данные" }).click();
  await expect(page).toHaveURL(/\/me\/data$/);
});

// Without JavaScript the forms are request-level checks (tests/pages/settings.test.ts); what needs the browser is the
// audit of each section's markup, signed in, with another device's session listed (so the sessions table has a row
// to end). A form's answer is audited as its page: the no-JavaScript audit loads the address again (../support/axe).
test("every settings section passes axe without JavaScript", { tag: "@no-js-only" }, async ({ page, browser }) => {
  const sections = ["site", "account", "sessions", "socials", "notifications"];
  // Two sign-ins, then the walk.
  test.setTimeout(AXE_WALK_STEP_MS * (sections.length + 2));
  const account = await signUpInto(page, "site");
  const other = await signInOnSecondDevice(browser, account);
  try {
    for (const section of sections) {
      await test.step(`/app/settings/${section}`, async () => {
        await page.goto(`/app/settings/${section}`);
        await expect(page.getByRole("heading", { name: "Настройки", level: 1 })).toBeVisible();
        if (section === "sessions") await expect(page.getByRole("button", { name: /^Завершить: / })).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }
  } finally {
    await other.context.close();
  }
});
