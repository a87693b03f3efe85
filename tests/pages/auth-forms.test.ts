// The account forms as a browser without JavaScript uses them, at the request level: the server's checks and Russian
// messages, the honeypot and the rate limit, and an account's life cycle through the forms (the no-JavaScript runs of
// tests/e2e/auth-forms.spec.ts and auth-journey.spec.ts; decision 0268). The browser keeps the JavaScript runs, and
// the axe audits of every auth page.
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import {
  fieldError,
  formOf,
  mailboxMentions,
  mailedLink,
  noScriptToasts,
  NoScriptBrowser,
  register,
  signIn,
  verifyEmail,
  ACCOUNT_CHECK_TIMEOUT,
} from "./support/form-posts";
import { newAccount, type TestAccount } from "../support/test-accounts";
import { hrefOf, request, textOf, type LoadedPage } from "./support/page";

const REGISTRATION = "/app/auth/registration/newRegistration";

const passwordValue = (page: LoadedPage) => page.screen.getByLabelText("Пароль", { exact: true }).getAttribute("value") ?? "";
const valueOf = (page: LoadedPage, label: string) => page.screen.getByLabelText(label, { exact: true }).getAttribute("value");
/** The site's header (a page may hold other banners, such as an article's header). */
const banner = (page: LoadedPage) => within(page.screen.getAllByRole("banner")[0]!);
const alertText = (page: LoadedPage) => textOf(page.screen.getByRole("alert"));

/** Signs out through the profile menu's form (a plain `<details>` menu without JavaScript). */
async function signOut(browser: NoScriptBrowser, page: LoadedPage): Promise<LoadedPage> {
  const menu = page.document.querySelector('summary[aria-label="Меню профиля"]')?.closest("details");
  expect(menu, "the profile menu is a disclosure that opens without JavaScript").toBeTruthy();
  const signedOut = await browser.submit(
    page,
    within(menu as HTMLElement)
      .getByRole("button", { name: "Выйти" })
      .closest("form")!,
  );
  expect(noScriptToasts(signedOut.page)).toContain("Вы вышли из аккаунта.");
  banner(signedOut.page).getByRole("link", { name: "Войти" });
  return signedOut.page;
}

describe("the auth forms without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  test("an empty registration names every field with the default messages", async () => {
    const browser = new NoScriptBrowser();
    const page = await browser.load(REGISTRATION);
    const sent = await browser.submit(page, formOf(page, "Зарегистрироваться"));
    expect(sent.status).toBe(400);
    for (const field of ["login", "email", "nickname", "password", "password_confirmation"])
      expect(fieldError(sent.page, field), field).toBe("Обязательное поле");
  });

  test("the server checks a bad e-mail, a short password and a mismatch", async () => {
    const browser = new NoScriptBrowser();
    const page = await browser.load(REGISTRATION);
    const sent = await browser.submit(page, formOf(page, "Зарегистрироваться"), {
      login: "ab",
      email: "not-an-email",
      nickname: "Зритель",
      password: "short",
      password_confirmation: "other",
    });
    expect(sent.status).toBe(400);
    expect(fieldError(sent.page, "login")).toBe("Не менее 3 символов");
    expect(fieldError(sent.page, "email")).toBe("Введите корректный адрес e-mail");
    expect(fieldError(sent.page, "password")).toBe("Не менее 8 символов");
    expect(fieldError(sent.page, "password_confirmation")).toBe("Пароли не совпадают");
    expect(valueOf(sent.page, "E-mail")).toBe("not-an-email");
    expect(passwordValue(sent.page)).toBe("");
  });

  test("a filled honeypot is refused without saying why, and no account is made", async () => {
    const account = newAccount();
    const answer = await new NoScriptBrowser().post(REGISTRATION, {
      login: account.login,
      email: account.email,
      nickname: account.nickname,
      password: account.password,
      password_confirmation: account.password,
      company_fax: "+1 555 0100",
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("Не удалось отправить форму.");
    expect(await mailboxMentions(account.email)).toBe(false);
  });

  test("the eleventh auth submission within a minute is refused with 429", async () => {
    const browser = new NoScriptBrowser();
    // A name of its own each time: five wrong passwords on one account already back off (decision 0281).
    const login = (attempt: number) => `nobody-${Date.now().toString(36)}-${attempt}`;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await browser.post("/app/auth/login", { login: login(attempt), password: "wrong-password" });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    const page = await browser.load("/app/auth/login");
    const sent = await browser.submit(page, formOf(page, /^Войти$/), { login: login(11), password: "wrong-password" });
    expect(sent.status).toBe(429);
    expect(alertText(sent.page)).toContain("Слишком много попыток. Подождите минуту и попробуйте снова.");
  });

  test("sign-out is a POST: a GET changes nothing", async () => {
    expect((await request("/app/auth/logout")).status).toBe(405);
  });
});

describe("an account's life cycle without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  async function registeredAndConfirmed(browser: NoScriptBrowser): Promise<TestAccount> {
    const account = newAccount();
    const registered = await register(browser, account);
    expect(registered.page.screen.getByRole("heading", { level: 1 }).textContent).toBe("Проверьте почту");
    const verified = await verifyEmail(browser, account);
    expect(verified.page.path).toBe("/app/auth/login");
    expect(noScriptToasts(verified.page)).toContain("E-mail подтверждён. Теперь можно войти.");
    return account;
  }

  test("register → confirm the e-mail → sign in → sign out → forget → reset → sign in with the new password", async () => {
    const browser = new NoScriptBrowser();
    const account = await registeredAndConfirmed(browser);

    const signedIn = await signIn(browser, account.login, account.password);
    expect(signedIn.page.path).toBe("/");
    expect(noScriptToasts(signedIn.page)).toContain("Вы вошли в аккаунт.");
    banner(signedIn.page).getByText(account.nickname);
    await signOut(browser, signedIn.page);

    const login = await browser.load("/app/auth/login");
    const forget = await browser.load(hrefOf(login.screen.getByRole("link", { name: "Забыли пароль?" })));
    expect(forget.path).toBe("/app/auth/password/forgetPassword");
    const asked = await browser.submit(forget, formOf(forget, "Отправить ссылку"), { email: account.email });
    asked.page.screen.getByRole("heading", { name: "Письмо отправлено" });

    const newPassword = `${account.password}-new`;
    const reset = await browser.load(await mailedLink(account.email, "/app/auth/password/resetPassword"));
    const changed = await browser.submit(reset, formOf(reset, "Сменить пароль"), {
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(changed.page.path).toBe("/app/auth/login");
    expect(noScriptToasts(changed.page)).toContain("Пароль изменён. Войдите с новым паролем.");

    const refused = await signIn(browser, account.email, account.password);
    expect(alertText(refused.page)).toContain("Неверный логин или пароль.");
    // The password never comes back from the server; the login does.
    expect(passwordValue(refused.page)).toBe("");
    expect(valueOf(refused.page, "Логин или e-mail")).toBe(account.email);

    const again = await signIn(browser, account.email, newPassword);
    banner(again.page).getByText(account.nickname);
  });

  test("a sign-in returns to the page that asked for it; a redirect to another site is ignored", async () => {
    const browser = new NoScriptBrowser();
    const account = await registeredAndConfirmed(browser);
    const toCatalogue = await signIn(browser, account.login, account.password, "/app/auth/login?redirectTo=%2Fanime%2Fcatalog%2F");
    expect(toCatalogue.page.path).toBe("/anime/catalog/");
    await signOut(browser, toCatalogue.page);
    const elsewhere = await signIn(
      browser,
      account.login,
      account.password,
      `/app/auth/login?redirectTo=${encodeURIComponent("//evil.example/")}`,
    );
    expect(elsewhere.location).toBe("/");
    expect(elsewhere.page.path).toBe("/");
  });

  test("a taken login and e-mail are named on their fields", async () => {
    const browser = new NoScriptBrowser();
    const account = newAccount();
    await register(browser, account);
    const page = await browser.load(REGISTRATION);
    const sent = await browser.submit(page, formOf(page, "Зарегистрироваться"), {
      login: account.login,
      email: account.email,
      nickname: "Другой зритель",
      password: "another-password",
      password_confirmation: "another-password",
    });
    expect(sent.status).toBe(400);
    expect(fieldError(sent.page, "login")).toBe("Этот логин уже занят.");
    expect(fieldError(sent.page, "email")).toBe("Этот e-mail уже зарегистрирован.");
    expect(sent.page.screen.getByLabelText("Логин", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(valueOf(sent.page, "Никнейм")).toBe("Другой зритель");
    expect(passwordValue(sent.page)).toBe("");
  });

  test("an unconfirmed account is told to confirm its e-mail", async () => {
    const browser = new NoScriptBrowser();
    const account = newAccount();
    await register(browser, account);
    const refused = await signIn(browser, account.login, account.password);
    expect(alertText(refused.page)).toContain("подтвердите e-mail");
  });

  test("a used confirmation link says so", async () => {
    const browser = new NoScriptBrowser();
    const account = newAccount();
    await register(browser, account);
    const link = await mailedLink(account.email, "/app/auth/registration/verifyEmail");
    await verifyEmail(browser, account);
    const page = await browser.load(link);
    const again = await browser.submit(page, formOf(page, "Подтвердить e-mail"));
    expect(alertText(again.page)).toContain("недействительна или устарела");
  });
});
