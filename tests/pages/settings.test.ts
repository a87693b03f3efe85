// The settings sections as a browser without JavaScript uses them, at the request level: the plain theme form, the
// password and nickname forms with their Russian messages, ending sessions and unlinking a social account through the
// confirmation the server asks for, the notification switches (the no-JavaScript runs of tests/e2e/settings.spec.ts;
// decision 0268). The browser keeps the JavaScript runs (the dialog, the theme applied at once) and the axe audits.
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { formOf, noScriptToasts, NoScriptBrowser, signedInAccount, signIn, ACCOUNT_CHECK_TIMEOUT } from "./support/form-posts";
import { hrefOf, metaContent, textOf, type LoadedPage } from "./support/page";

const PHONE_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const settingsLogin = (section: string) => `/app/auth/login?redirectTo=${encodeURIComponent(`/app/settings/${section}`)}`;

/** A fresh account signed in through the sign-in page that `/app/settings/{section}` sent it to, now on that section. */
async function signUpInto(browser: NoScriptBrowser, section: string) {
  const account = await signedInAccount(browser, settingsLogin(section));
  expect(account.landing.page.path).toBe(`/app/settings/${section}`);
  return account;
}

/** The section of the page headed `heading`. */
function block(page: LoadedPage, heading: string): HTMLElement {
  const section = page.screen.getByRole("heading", { name: heading }).closest("section");
  if (!section) throw new Error(`no section headed ${heading} on ${page.path}`);
  return section;
}

const htmlClasses = (page: LoadedPage) => (page.document.documentElement.getAttribute("class") ?? "").split(/\s+/);
const sessionRows = (page: LoadedPage) => within(page.screen.getByRole("table", { name: "Сеансы входа" })).getAllByRole("row");

/** The no-JavaScript confirmation the server answers a destructive form with; confirms it with `button`. */
async function confirmWithoutScript(browser: NoScriptBrowser, asked: LoadedPage, button: string): Promise<LoadedPage> {
  const panel = asked.screen.getByRole("region", { name: "Подтвердите действие" });
  const confirmed = await browser.submit(asked, within(panel).getByRole("button", { name: button }).closest("form")!);
  return confirmed.page;
}

/** The same account on a second device: a phone, its own address, without JavaScript. */
async function signInOnSecondDevice(login: string, password: string): Promise<NoScriptBrowser> {
  const phone = new NoScriptBrowser("inProcess", PHONE_USER_AGENT);
  const landing = await signIn(phone, login, password, "/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F");
  expect(landing.page.path).toBe("/me/favorites/");
  return phone;
}

describe("settings without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  test("/app/settings/ opens the site section; visitors sign in first; the theme is a plain form", async () => {
    const browser = new NoScriptBrowser();
    expect((await browser.load("/app/settings/")).path).toBe(settingsLogin("site"));
    await signUpInto(browser, "site");
    const page = await browser.load("/app/settings/");
    expect(page.path).toBe("/app/settings/site");
    page.screen.getByRole("heading", { name: "Настройки", level: 1 });
    expect(metaContent(page.document, "robots")).toMatch(/noindex/);
    const nav = within(page.screen.getByRole("navigation", { name: "Разделы настроек" }));
    for (const section of ["Сайт", "Аккаунт", "Соцсети", "Сеансы", "Уведомления"]) nav.getByRole("link", { name: section });
    expect(hrefOf(nav.getByRole("link", { name: "Ваши данные: экспорт и импорт" }))).toBe("/me/data");

    const theme = block(page, "Тема оформления");
    expect(htmlClasses(page)).not.toContain("light");
    const saved = await browser.submit(page, within(theme).getByRole("button", { name: "Сохранить" }).closest("form")!, { theme: "light" });
    expect(saved.page.path).toBe("/app/settings/site");
    expect(htmlClasses(saved.page)).toContain("light");
    expect(htmlClasses(await browser.load("/app/settings/site"))).toContain("light");

    // The player's defaults live in the browser's storage: without JavaScript they are shown switched off.
    expect(
      within(block(page, "Плеер по умолчанию"))
        .getByLabelText(/^Пропускать опенинг/)
        .hasAttribute("disabled"),
    ).toBe(true);
  });

  test("changing the password, then signing in again with the new one", async () => {
    const browser = new NoScriptBrowser();
    const account = await signUpInto(browser, "account");
    const page = account.landing.page;
    const newPassword = `${account.password}-new`;
    const passwordForm = (on: LoadedPage) => within(block(on, "Пароль")).getByRole("button", { name: "Сменить пароль" }).closest("form")!;

    const wrong = await browser.submit(page, passwordForm(page), {
      current_password: "not-my-password",
      password: newPassword,
      password_confirmation: newPassword,
    });
    within(block(wrong.page, "Пароль")).getByText("Неверный текущий пароль.");

    const changed = await browser.submit(wrong.page, passwordForm(wrong.page), {
      current_password: account.password,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(changed.page.path).toBe("/app/settings/account");
    expect(noScriptToasts(changed.page)).toContain("Пароль изменён. На других устройствах нужно войти заново.");

    const menu = changed.page.document.querySelector('summary[aria-label="Меню профиля"]')!.closest("details")!;
    const signedOut = await browser.submit(changed.page, within(menu).getByRole("button", { name: "Выйти" }).closest("form")!);
    expect(noScriptToasts(signedOut.page)).toContain("Вы вышли из аккаунта.");
    const refused = await signIn(browser, account.login, account.password);
    expect(textOf(refused.page.screen.getByRole("alert"))).toContain("Неверный логин или пароль.");
    const again = await signIn(browser, account.login, newPassword);
    expect(again.page.path).not.toMatch(/\/app\/auth\/login/);
    expect(again.page.document.querySelector('summary[aria-label="Меню профиля"]')).not.toBeNull();
  });

  test("the nickname and its Russian messages", async () => {
    const browser = new NoScriptBrowser();
    const account = await signUpInto(browser, "account");
    const profileForm = (on: LoadedPage) => within(block(on, "Профиль")).getByRole("button", { name: "Сохранить" }).closest("form")!;
    const short = await browser.submit(account.landing.page, profileForm(account.landing.page), { nickname: "Я" });
    within(block(short.page, "Профиль")).getByText("Не менее 2 символов");
    const renamed = await browser.submit(short.page, profileForm(short.page), { nickname: "Новый ник" });
    expect(noScriptToasts(renamed.page)).toContain("Никнейм изменён.");
    expect(textOf(renamed.page.document.querySelector('summary[aria-label="Меню профиля"]'))).toContain("Новый ник");
  });

  test("ending another device's session signs that device out", async () => {
    const browser = new NoScriptBrowser();
    const account = await signUpInto(browser, "sessions");
    const phone = await signInOnSecondDevice(account.login, account.password);
    const page = await browser.load("/app/settings/sessions");
    expect(sessionRows(page)).toHaveLength(3);
    expect(page.screen.getAllByRole("row", { name: /Это устройство/ })).toHaveLength(1);

    const revoke = page.screen.getByRole("button", { name: /^Завершить: / });
    const asked = await browser.submit(page, revoke.closest("form")!);
    expect(asked.status).toBe(200);
    const ended = await confirmWithoutScript(browser, asked.page, "Завершить");
    expect(noScriptToasts(ended)).toContain("Сеанс завершён.");
    expect(sessionRows(ended)).toHaveLength(2);
    ended.screen.getByText("Других сеансов нет.");

    expect((await phone.load("/app/settings/sessions")).path).toBe(settingsLogin("sessions"));
  });

  test("ending every other session at once", async () => {
    const browser = new NoScriptBrowser();
    const account = await signUpInto(browser, "sessions");
    const phone = await signInOnSecondDevice(account.login, account.password);
    const page = await browser.load("/app/settings/sessions");
    const asked = await browser.submit(page, formOf(page, "Завершить все другие сеансы"));
    const ended = await confirmWithoutScript(browser, asked.page, "Завершить все другие сеансы");
    expect(noScriptToasts(ended)).toContain("Другие сеансы завершены.");
    ended.screen.getByText("Других сеансов нет.");
    expect((await phone.load("/me/favorites/")).path).toMatch(/^\/app\/auth\/login/);
  });

  test("linking and unlinking a social account", async () => {
    const browser = new NoScriptBrowser();
    const account = await signUpInto(browser, "socials");
    const consent = await browser.load(hrefOf(account.landing.page.screen.getByRole("link", { name: "Привязать VK ID" })));
    consent.screen.getByRole("heading", { name: "Привязка VK ID" });
    const identity = `vk-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const allow = consent.screen.getByRole("button", { name: "Разрешить" });
    const identityField = consent.screen.getByLabelText(/Имя аккаунта/);
    const linked = await browser.submit(
      consent,
      allow.closest("form")!,
      { [identityField.getAttribute("name")!]: identity },
      { submitter: allow },
    );
    expect(linked.page.path).toBe("/app/settings/socials");
    expect(noScriptToasts(linked.page)).toContain("VK ID привязан к аккаунту.");
    linked.page.screen.getByText(`Привязан: ${identity}`);

    const asked = await browser.submit(linked.page, formOf(linked.page, "Отвязать VK ID"));
    const unlinked = await confirmWithoutScript(browser, asked.page, "Отвязать");
    expect(noScriptToasts(unlinked)).toContain("VK ID отвязан.");
    unlinked.screen.getByRole("link", { name: "Привязать VK ID" });
  });

  test("notification switches are saved", async () => {
    const browser = new NoScriptBrowser();
    const account = await signUpInto(browser, "notifications");
    const page = account.landing.page;
    const news = page.screen.getByRole("switch", { name: "Новости и анонсы АниЛибрии" });
    const episodes = page.screen.getByRole("switch", { name: "Новые серии релизов из избранного" });
    expect(news.hasAttribute("checked")).toBe(false);
    expect(episodes.hasAttribute("checked")).toBe(true);
    const saved = await browser.submit(page, formOf(page, "Сохранить"), {}, { check: [news], uncheck: [episodes] });
    expect(noScriptToasts(saved.page)).toContain("Настройки уведомлений сохранены.");
    const again = await browser.load("/app/settings/notifications");
    expect(again.screen.getByRole("switch", { name: "Новости и анонсы АниЛибрии" }).hasAttribute("checked")).toBe(true);
    expect(again.screen.getByRole("switch", { name: "Новые серии релизов из избранного" }).hasAttribute("checked")).toBe(false);
  });

  test("the account menu, a disclosure without JavaScript, leads to settings and to the data page", async () => {
    const browser = new NoScriptBrowser();
    const account = await signUpInto(browser, "site");
    const menu = account.landing.page.document.querySelector('summary[aria-label="Меню профиля"]')?.closest("details");
    expect(menu, "the profile menu is a <details> disclosure").toBeTruthy();
    const data = await browser.load(hrefOf(within(menu as HTMLElement).getByRole("link", { name: "Ваши данные" })));
    expect(data.path).toBe("/me/data");
    expect(data.status).toBe(200);
  });
});
