import { expect, test } from "@playwright/test";
import { isHydrated, waitForHydration } from "./hydration";

test.describe("the site shell", () => {
  test("home is a Russian page with the product's metadata", { tag: "@js-only" }, async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page).toHaveTitle(/ \| AniLibria$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /русск/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "ru_RU");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#000000");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("navigation", { name: "Разделы сайта" }).first()).toBeAttached();
    await expect(page.getByRole("link", { name: "Войти" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("исключительно для домашнего ознакомительного просмотра");
    await expect(page.getByRole("contentinfo")).toContainText(`© 2012–${new Date().getFullYear()}`);
  });

  test("a hydrated page tells the server its viewport, for the next page's markup", { tag: "@js-only" }, async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "viewport")?.value).toBe("xs");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "viewport")?.value).toBe("lg");
  });

  test("a light-theme cookie gives a light first paint", { tag: "@js-only" }, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: "light", url: baseURL! }]);
    const response = await page.goto("/");
    expect(await response!.text()).toMatch(/<html lang="ru" class="light"/);
    await expect(page.locator("html")).toHaveClass(/light/);
  });

  test("the theme switch turns the light theme on and keeps it", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    if (javaScriptEnabled) await waitForHydration(page);
    const saved = page.waitForResponse(
      (response) => response.url().includes("/preferences/theme") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Включить светлую тему" }).click();
    await saved;
    await expect(page.locator("html")).toHaveClass(/light/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/light/);
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test(
    "a theme switch clicked before the page hydrates comes back to the page in the light theme",
    { tag: "@js-only" },
    async ({ page }) => {
      // The page's modules never come: the click is the plain form's post (decision 0236).
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto("/anime/catalog?page=2");
      await page.getByRole("button", { name: "Включить светлую тему" }).click();
      await expect(page.locator("html")).toHaveClass(/light/);
      await expect(page).toHaveURL(/\/anime\/catalog\?page=2$/);
      expect(await isHydrated(page)).toBe(false);
    },
  );
});

// Without JavaScript this page is a request (tests/pages/shell.test.ts); axe audits it and home in page-audits.spec.ts.
test.describe("unknown addresses", () => {
  test("answer 404 with the spec's error page", { tag: "@js-only" }, async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByText("Извините, но мы не смогли найти страницу, которую вы искали")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page).toHaveTitle("404");
    await page.getByRole("link", { name: "На главную" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("reached in the browser, log nothing but the request the server answered with 404", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const logged: string[] = [];
    // This project blocks service workers (playwright.config.ts): Playwright's stand-in for `register` answers nothing,
    // which the site logs as a failed registration whenever its page load ends during the test. Not this test's matter.
    const blockedWorker = "service worker registration failed";
    page.on("console", (message) => {
      const text = message.text();
      if (message.type() === "error" && !text.startsWith("Failed to load resource") && !text.startsWith(blockedWorker)) logged.push(text);
    });
    // The router, not the browser, loads an address it goes back to: an entry pushed past it and left again.
    await page.evaluate(() => {
      window.history.pushState(null, "", "/no-such-page");
      window.history.pushState(null, "", "/");
      window.history.back();
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page).toHaveURL(/\/no-such-page$/);
    expect(logged).toEqual([]);
  });

  test("going back while the page hydrates shows the page gone back to", { tag: "@js-only" }, async ({ page }) => {
    // A slow phone: hydration takes long enough for the router to finish the navigation before React commits.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // The moment Remix creates its router, the visitor goes to another address and back from it.
    await page.addInitScript(() => {
      let router: unknown;
      Object.defineProperty(window, "__remixRouter", {
        configurable: true,
        get: () => router,
        set: (value) => {
          router = value;
          window.history.pushState(null, "", "/no-such-page");
          window.history.pushState(null, "", "/");
          window.history.back();
        },
      });
    });
    await page.goto("/");
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  });
});
