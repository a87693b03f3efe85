// Shared steps of the account journeys: fresh accounts, the development mailbox, signing in through the forms.
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { newAccount, randomClientAddress, type TestAccount } from "../support/test-accounts";

/**
 * The time one page of an axe walk (one test auditing several pages, a step each) may take: a test's default budget,
 * as when each page was a test of its own. Without JavaScript an audit opens a context of its own and loads the page
 * again, 20 s and more on a loaded machine.
 */
export const AXE_WALK_STEP_MS = 30_000;

/**
 * Each test talks from its own address, so the auth rate limit (ten submissions a minute per client)
 * counts it alone; the server believes the header only when it trusts its proxy.
 */
export async function useOwnClientAddress(page: Page): Promise<string> {
  const address = randomClientAddress();
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

/**
 * The development mailbox's page. It opens only to callers on the server's machine (decision 0250), and a test that
 * took an address of its own (useOwnClientAddress) is not one: the mailbox is read from a context of its own.
 */
async function readMailbox(): Promise<string> {
  const loopback = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const answer = await loopback.get("/embedded/mailbox");
    expect(answer.status(), "the mailbox answers a loopback caller").toBe(200);
    return await answer.text();
  } finally {
    await loopback.dispose();
  }
}

/** The newest link mailed to `email` whose address contains `pathPart`, from the embedded API's mailbox. */
export async function mailedLink(email: string, pathPart: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const html = await readMailbox();
        for (const article of html.split("<article").slice(1)) {
          if (!article.includes(`кому: ${email}`)) continue;
          const link = /<a href="([^"]+)">Открыть ссылку из письма<\/a>/.exec(article)?.[1];
          if (link?.includes(pathPart)) {
            found = link.replaceAll("&amp;", "&");
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email} with ${pathPart}` },
    )
    .toBe(true);
  const url = new URL(found as unknown as string);
  return `${url.pathname}${url.search}`;
}

export async function fillRegistration(page: Page, account: TestAccount): Promise<void> {
  await page.getByLabel("Логин", { exact: true }).fill(account.login);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Никнейм").fill(account.nickname);
  await page.getByLabel("Пароль", { exact: true }).fill(account.password);
  await page.getByLabel("Повторите пароль").fill(account.password);
}

export async function register(page: Page, account: TestAccount): Promise<void> {
  await page.goto("/app/auth/registration/newRegistration");
  await fillRegistration(page, account);
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByRole("heading", { name: "Проверьте почту" })).toBeVisible();
}

/**
 * A toast carried by a redirect. Without JavaScript the server renders it inside <noscript>, which
 * Chromium with scripting switched off by Playwright keeps as text (and Playwright's text matching
 * skips), so there its text content is read.
 */
export async function expectToast(page: Page, message: string): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) {
    await expect.poll(async () => (await page.locator("noscript").allTextContents()).join("\n")).toContain(message);
  } else {
    await expect(page.getByText(message)).toBeVisible();
  }
}

export async function verifyEmail(page: Page, account: TestAccount): Promise<void> {
  await page.goto(await mailedLink(account.email, "/app/auth/registration/verifyEmail"));
  await page.getByRole("button", { name: "Подтвердить e-mail" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login$/);
  await expectToast(page, "E-mail подтверждён. Теперь можно войти.");
}

export async function signIn(page: Page, loginOrEmail: string, password: string): Promise<void> {
  await page.getByLabel("Логин или e-mail").fill(loginOrEmail);
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
}

/**
 * Registration and the e-mail confirmation posted straight to their form actions, as a browser without JavaScript
 * would send them, without rendering either page: the journeys through those pages are auth-journey.spec.ts's.
 */
async function registerAndVerifyOverHttp(page: Page, account: TestAccount): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? page.url()).origin;
  const post = async (path: string, form: Record<string, string>) => {
    const response = await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(response.status(), `POST ${path}`).toBe(302);
  };
  await post("/app/auth/registration/newRegistration", {
    login: account.login,
    email: account.email,
    nickname: account.nickname,
    password: account.password,
    password_confirmation: account.password,
  });
  const link = await mailedLink(account.email, "/app/auth/registration/verifyEmail");
  const token = new URL(link, origin).searchParams.get("token");
  if (!token) throw new Error(`the confirmation link has no token: ${link}`);
  await post(link, { token });
}

/**
 * A fresh account, registered, confirmed and signed in by posting the sign-in form's fields over HTTP (the page's own
 * cookies), then on `landing` when one is given, with the sign-in's toast shown: for tests about what a signed-in user does,
 * not about signing in (the form's journeys are auth-journey.spec.ts's, its redirects createSignedInAccount's callers').
 */
export async function signedInAt(page: Page, landing?: string): Promise<TestAccount> {
  const account = newAccount();
  await registerAndVerifyOverHttp(page, account);
  const origin = new URL(test.info().project.use.baseURL ?? page.url()).origin;
  const answer = await page.request.post("/app/auth/login", {
    form: { login: account.login, password: account.password, redirectTo: landing ?? "/" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(answer.status(), `signing in ${account.login}`).toBe(302);
  if (landing === undefined) return account;
  await page.goto(landing);
  await expect(page).toHaveURL(new RegExp(`${landing.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  // The toast's module loads once the page is up: an audit made before the toast slid in read its half-transparent
  // text as too faint (seen once).
  await expectToast(page, "Вы вошли в аккаунт.");
  return account;
}

/** Registers, confirms and signs in a fresh account through the sign-in form; the page ends wherever it sent it. */
export async function createSignedInAccount(page: Page, loginPath = "/app/auth/login"): Promise<TestAccount> {
  const account = newAccount();
  await registerAndVerifyOverHttp(page, account);
  await page.goto(loginPath);
  await signIn(page, account.login, account.password);
  await expect(page).not.toHaveURL(/\/app\/auth\/login/);
  return account;
}

export async function signOut(page: Page): Promise<void> {
  await page.locator('summary[aria-label="Меню профиля"]').click();
  await page.getByRole("button", { name: "Выйти" }).click();
  await expectToast(page, "Вы вышли из аккаунта.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
}
