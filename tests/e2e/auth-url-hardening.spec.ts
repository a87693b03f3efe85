// Decision 0115's hardening items 2, 4 (redirect targets, theme) and 8: login CSRF through the proxy's social authenticate,
// non-Latin redirect targets, and upstream URLs that are not http(s), with JavaScript. Without it, and the form posts'
// redirects and the theme post in both modes, are request-level checks (tests/pages/auth-social.test.ts, decision
// 0268). The cross-site link is the browser's own (its Sec-Fetch-Site), the same with JavaScript on or off.
import path from "node:path";
import Database from "better-sqlite3";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { E2E_PORT } from "../support/browser";
import { createSignedInAccount, useOwnClientAddress } from "./auth-helpers";

const ATTACKER_PAGE = "https://attacker.example/";

function identity(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Signs the page's browser in through the embedded API's consent stand-in, as `name`. */
async function signInWithSocial(page: Page, name: string, loginPath = "/app/auth/login"): Promise<void> {
  await page.goto(loginPath);
  await page.getByRole("link", { name: "Войти через VK ID" }).click();
  await expect(page).toHaveURL(/\/embedded\/oauth\/vk\?state=/);
  await page.getByLabel(/Имя аккаунта/).fill(name);
  await page.getByRole("button", { name: "Разрешить" }).click();
}

/** A page on another site (served by the test itself) holding one link. */
async function serveAttackerPage(page: Page, href: string): Promise<void> {
  await page.route(ATTACKER_PAGE, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><title>Приз</title><a id="prize" href="${href}">Забрать приз</a>`,
    }),
  );
}

test.describe("login CSRF through the proxy's social authenticate", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 90_000 });

  test("a cross-site link with someone else's confirmed state neither replaces nor ends the visitor's session", async ({
    page,
    baseURL,
  }) => {
    await useOwnClientAddress(page);
    const victim = identity("victim");
    await signInWithSocial(page, victim);
    await expect(page.getByRole("banner").getByText(victim)).toBeVisible();

    // The attacker, in their own browser, starts a social login through the proxy and confirms it as themselves.
    const attacker = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": "10.250.250.250" } });
    const start = await attacker.get("/api/v1/accounts/users/auth/social/google/login");
    expect(start.ok()).toBe(true);
    const { state } = (await start.json()) as { state: string };
    const attackerName = identity("attacker");
    const consent = await attacker.post("/embedded/oauth/google", {
      form: { state, identity: attackerName, decision: "allow" },
      maxRedirects: 0,
    });
    expect(consent.status()).toBe(303);
    await attacker.dispose();

    await serveAttackerPage(page, `${baseURL}/api/v1/accounts/users/auth/social/authenticate?state=${encodeURIComponent(state)}`);
    await page.goto(ATTACKER_PAGE);
    const answer = page.waitForResponse((response) => response.url().includes("/social/authenticate"));
    await page.locator("#prize").click();
    expect((await answer).status()).toBe(403);

    await page.goto("/");
    await expect(page.getByRole("banner").getByText(victim)).toBeVisible();
    await expect(page.getByRole("banner").getByText(attackerName)).toHaveCount(0);
  });
});

test.describe("non-Latin redirect targets", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
  });

  // A catalogue search in Cyrillic: the raw target reaches the login page as text, not percent-encoded.
  const CYRILLIC_TARGET = `/app/auth/login?${new URLSearchParams({ redirectTo: "/anime/catalog/?search=ван" })}`;
  const ENCODED_LANDING = /\/anime\/catalog\/\?search=%D0%B2%D0%B0%D0%BD$/;

  test("sign-in with the password to a Cyrillic address lands there, signed in", async ({ page }) => {
    const account = await createSignedInAccount(page, CYRILLIC_TARGET);
    await expect(page).toHaveURL(ENCODED_LANDING);
    await expect(page.getByRole("banner").getByText(account.nickname)).toBeVisible();
  });

  test("a social sign-in to a Cyrillic address lands there, signed in", async ({ page }) => {
    const name = identity("cyrillic");
    await signInWithSocial(page, name, CYRILLIC_TARGET);
    await expect(page).toHaveURL(ENCODED_LANDING);
    await expect(page.getByRole("banner").getByText(name)).toBeVisible();
  });
});

// Sponsors are read once by the embedded API and kept in memory, so only promotions can be changed under a
// running server; the sponsor's link is covered by the API client's unit tests (same check).
test.describe("upstream URLs that are not http(s)", { tag: "@js-only" }, () => {
  const databasePath = path.resolve(".cache", `e2e-${E2E_PORT}`, "embedded-api.sqlite");
  const UNSAFE_URL = "javascript:document.title='pwned'";

  function openDatabase() {
    const db = new Database(databasePath);
    db.pragma("busy_timeout = 5000");
    return db;
  }

  /**
   * A cookie the shared page cache keys on (it ignores any other, decision 0247) with a value of its own, so the
   * cache renders this visit anew; the home page does not read the time zone.
   */
  async function bypassPageCache(page: Page, baseURL: string): Promise<void> {
    await page.context().addCookies([{ name: "tz", value: `e2e-${Math.random().toString(36).slice(2)}`, url: baseURL }]);
  }

  test("a promotion's javascript: link is shown as text, never as a link", async ({ page, baseURL }) => {
    const db = openDatabase();
    const promotionId = identity("promotion");
    const title = `Акция ${promotionId}`;
    db.prepare(
      "INSERT INTO promotions (id, title, description, url, url_label, image_index, release_id, is_ad, ad_erid, ad_origin, has_overlay, sort_order) VALUES (?, ?, 'Акция из теста', ?, 'Забрать приз', 1, NULL, 0, NULL, NULL, 0, 99)",
    ).run(promotionId, title, UNSAFE_URL);
    try {
      // The home page shows three promotions in a random order: visit until this one is among them.
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await expect
        .poll(
          async () => {
            await bypassPageCache(page, baseURL!);
            await page.goto("/");
            return card.count();
          },
          { message: "the promotion is shown on the home page", intervals: [0], timeout: 60_000 },
        )
        .toBe(1);
      await expect(card.getByRole("link")).toHaveCount(0);
      await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    } finally {
      db.prepare("DELETE FROM promotions WHERE id = ?").run(promotionId);
      db.close();
    }
  });
});
