// Social sign-in, device linking and the redirect targets of the account forms as a browser without JavaScript goes
// through them, at the request level (the no-JavaScript runs of tests/e2e/auth-social, auth-device-link and
// auth-url-hardening specs; decision 0268). The embedded API's consent stand-in is a plain form on the same server.
import path from "node:path";
import { within } from "@testing-library/dom";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import {
  fieldError,
  formOf,
  noScriptToasts,
  NoScriptBrowser,
  signedInAccount,
  type Submitted,
  ACCOUNT_CHECK_TIMEOUT,
} from "./support/form-posts";
import { formGetPath, hrefOf, siteUrl, type LoadedPage } from "./support/page";

function identity(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The site's header (a page may hold other banners, such as an article's header). */
const banner = (page: LoadedPage) => within(page.screen.getAllByRole("banner")[0]!);
const htmlClasses = (page: LoadedPage) => (page.document.documentElement.getAttribute("class") ?? "").split(/\s+/);

/** Follows «Войти через {provider}» from the sign-in page at `loginPath` to the provider's consent page. */
async function openConsent(browser: NoScriptBrowser, provider: string, loginPath: string): Promise<LoadedPage> {
  const login = await browser.load(loginPath);
  const consent = await browser.load(hrefOf(login.screen.getByRole("link", { name: `Войти через ${provider}` })));
  expect(consent.path).toMatch(/^\/embedded\/oauth\/[a-z]+\?state=/);
  return consent;
}

/** Answers the consent page: allows as `name`, or declines. */
async function answerConsent(browser: NoScriptBrowser, consent: LoadedPage, name: string | null): Promise<Submitted> {
  const button = consent.screen.getByRole("button", { name: name === null ? "Отмена" : "Разрешить" });
  return browser.submit(consent, button.closest("form")!, name === null ? {} : { identity: name }, { submitter: button });
}

const SCHEDULE_LOGIN = "/app/auth/login?redirectTo=%2Fanime%2Fschedule";

describe("social sign-in without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  test("consent on the provider's page signs in and returns to the page that asked", async () => {
    const browser = new NoScriptBrowser();
    const name = identity("viewer");
    const signedIn = await answerConsent(browser, await openConsent(browser, "VK ID", SCHEDULE_LOGIN), name);
    expect(signedIn.page.path).toBe("/anime/schedule");
    banner(signedIn.page).getByText(name);
  });

  test("the callback waits for the provider; «Продолжить» then signs in", async () => {
    const browser = new NoScriptBrowser();
    const consent = await openConsent(browser, "Discord", SCHEDULE_LOGIN);
    const state = new URL(consent.path, "http://site").searchParams.get("state")!;
    const waiting = await browser.load(`/app/auth/social/callback?state=${encodeURIComponent(state)}`);
    waiting.screen.getByRole("heading", { name: "Вход через социальную сеть" });

    const name = identity("viewer");
    // The provider confirms on its side (the user's other tab, or the provider's server).
    const confirmed = await new NoScriptBrowser().post("/embedded/oauth/discord", { state, identity: name, decision: "allow" });
    expect(confirmed.status).toBe(303);

    const go = waiting.screen.getByRole("button", { name: "Продолжить" }).closest("form")!;
    expect(go.getAttribute("method")).toBe("get");
    const signedIn = await browser.load(formGetPath(waiting, go));
    expect(signedIn.path).toBe("/anime/schedule");
    banner(signedIn).getByText(name);
  });

  test("declining on the provider's page comes back with a message", async () => {
    const browser = new NoScriptBrowser();
    const declined = await answerConsent(browser, await openConsent(browser, "Google", SCHEDULE_LOGIN), null);
    expect(declined.page.path).toBe(SCHEDULE_LOGIN);
    expect(noScriptToasts(declined.page)).toContain("Вход через социальную сеть отменён.");
  });

  test("a callback this browser did not start never signs in", async () => {
    const page = await new NoScriptBrowser().load("/app/auth/social/callback?state=forged-state");
    expect(page.path).toBe("/app/auth/login");
    expect(noScriptToasts(page)).toContain("Сессия входа через социальную сеть устарела.");
  });

  test("an unknown provider is a 404", async () => {
    expect((await new NoScriptBrowser().send("/app/auth/social/myspace")).status).toBe(404);
  });
});

describe("device linking without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  const LINK_DEVICE = "/app/auth/otp/linkDevice";
  const LINK_DEVICE_LOGIN = `/app/auth/login?redirectTo=${encodeURIComponent(LINK_DEVICE)}`;

  test("a visitor is sent to sign in and comes back to the code form", async () => {
    expect((await new NoScriptBrowser().load(LINK_DEVICE)).path).toBe(LINK_DEVICE_LOGIN);
  });

  test("a code shown on a TV links it to the account; a wrong or unknown code is named on the field", async () => {
    const browser = new NoScriptBrowser();
    const { landing } = await signedInAccount(browser, LINK_DEVICE_LOGIN);
    expect(landing.page.path).toBe(LINK_DEVICE);

    const deviceId = `tv-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const api = (action: string, body: unknown) =>
      fetch(new URL(`/api/v1/accounts/otp/${action}`, siteUrl()), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const issued = await api("get", { device_id: deviceId });
    expect(issued.status).toBe(200);
    const code = String(((await issued.json()) as { otp: { code: string | number } }).otp.code).padStart(6, "0");
    expect((await api("login", { code, device_id: deviceId })).status).toBe(401);

    const form = (page: LoadedPage) => formOf(page, "Привязать устройство");
    const letters = await browser.submit(landing.page, form(landing.page), { code: "12ab" });
    expect(fieldError(letters.page, "code")).toBe("Допустимы только цифры");
    const unknown = await browser.submit(letters.page, form(letters.page), { code: code === "000000" ? "000001" : "000000" });
    expect(fieldError(unknown.page, "code")).toContain("Код не найден или срок его действия истёк.");

    const linked = await browser.submit(unknown.page, form(unknown.page), { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(noScriptToasts(linked.page)).toContain("Устройство привязано к аккаунту.");
    const signedIn = await api("login", { code, device_id: deviceId });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { token?: unknown }).token).toEqual(expect.any(String));
  });
});

describe("redirect targets without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  // A catalogue search in Cyrillic: the raw target reaches the login page as text, not percent-encoded.
  const CYRILLIC_TARGET = `/app/auth/login?${new URLSearchParams({ redirectTo: "/anime/catalog/?search=ван" })}`;
  const ENCODED_LANDING = "/anime/catalog/?search=%D0%B2%D0%B0%D0%BD";

  test("sign-in with the password to a Cyrillic address lands there, signed in", async () => {
    const browser = new NoScriptBrowser();
    const account = await signedInAccount(browser, CYRILLIC_TARGET);
    expect(account.landing.page.path).toBe(ENCODED_LANDING);
    banner(account.landing.page).getByText(account.nickname);
  });

  test("a social sign-in to a Cyrillic address lands there, signed in", async () => {
    const browser = new NoScriptBrowser();
    const name = identity("cyrillic");
    const signedIn = await answerConsent(browser, await openConsent(browser, "VK ID", CYRILLIC_TARGET), name);
    expect(signedIn.page.path).toBe(ENCODED_LANDING);
    banner(signedIn.page).getByText(name);
  });

  test("sign-out, theme and list forms with a non-Latin or look-alike target answer a redirect", async () => {
    const browser = new NoScriptBrowser();
    const name = identity("forms");
    await answerConsent(browser, await openConsent(browser, "VK ID", "/app/auth/login"), name);
    for (const [redirectTo, location] of [
      ["/п", "/%D0%BF"],
      ["/a\u3000b", "/a%E3%80%80b"],
      ["/a\u2028b", "/a%E2%80%A8b"],
      ["/\uFF0F\uFF0Fevil.example", "/"],
    ] as const) {
      const theme = await browser.post("/preferences/theme", { theme: "light", redirectTo });
      expect(theme.status, `theme → ${redirectTo}`).toBe(302);
      expect(theme.headers.get("location")).toBe(location);
      const toggle = await browser.post("/lists/favorites", { releaseId: "1", change: "add", redirectTo });
      expect(toggle.status, `favorites → ${redirectTo}`).toBe(303);
      expect(toggle.headers.get("location")).toBe(location);
    }
    banner(await browser.load("/")).getByText(name);

    const logout = await browser.post("/app/auth/logout", { redirectTo: "/п" });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("location")).toBe("/%D0%BF");
    banner(await browser.load("/")).getByRole("link", { name: "Войти" });
  });

  test("a theme POST without redirectTo saves the theme and goes to the home page", async () => {
    const browser = new NoScriptBrowser();
    expect(htmlClasses(await browser.load("/"))).toContain("dark");
    const saved = await browser.post("/preferences/theme", { theme: "light" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/");
    expect(htmlClasses(await browser.load("/"))).toContain("light");
  });
});

// Sponsors are read once by the embedded API and kept in memory, so only promotions can be changed under a running
// server; the sponsor's link is covered by the API client's unit tests (same check).
test("a promotion's javascript: link is shown as text, never as a link", async () => {
  const databasePath = path.resolve(".cache", `e2e-${new URL(siteUrl()).port}`, "embedded-api.sqlite");
  const db = new Database(databasePath);
  db.pragma("busy_timeout = 5000");
  const promotionId = identity("promotion");
  const title = `Акция ${promotionId}`;
  db.prepare(
    "INSERT INTO promotions (id, title, description, url, url_label, image_index, release_id, is_ad, ad_erid, ad_origin, has_overlay, sort_order) VALUES (?, ?, 'Акция из теста', ?, 'Забрать приз', 1, NULL, 0, NULL, NULL, 0, 99)",
  ).run(promotionId, title, "javascript:document.title='pwned'");
  try {
    // The home page shows three promotions in a random order: visit until this one is among them. A `tz` cookie of
    // its own makes the shared page cache render each visit anew (it keys on that cookie, decision 0247).
    let card: HTMLElement | undefined;
    let page: LoadedPage | undefined;
    for (let visit = 0; visit < 200 && !card; visit += 1) {
      const browser = new NoScriptBrowser();
      browser.setCookie("tz", `pages-${Math.random().toString(36).slice(2)}`);
      page = await browser.load("/");
      card = page.screen.queryAllByRole("listitem").find((item) => within(item).queryByRole("heading", { name: title }));
    }
    expect(card, "the promotion is shown on the home page").toBeDefined();
    expect(within(card!).queryAllByRole("link")).toHaveLength(0);
    expect(page!.document.querySelectorAll('a[href^="javascript:" i]')).toHaveLength(0);
  } finally {
    db.prepare("DELETE FROM promotions WHERE id = ?").run(promotionId);
    db.close();
  }
});
