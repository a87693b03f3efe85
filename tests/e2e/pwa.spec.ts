// The installable, offline-capable app: the worker registers, visited pages open offline, unvisited ones show the
// offline page, the manifest passes Chromium's installability checks, and an update or a new build reloads the page.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type Locator, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/browser";
import { expectNoAxeViolations } from "../support/axe";
import { parseManifest } from "lighthouse/core/lib/manifest-parser.js";

// One worker per origin: the tests share it, so they run one after another in one browser context each.
test.describe.configure({ mode: "serial" });

const WORKER_FILE = path.resolve(process.env.BUILD_DIR ?? "build", "client", "sw.js");

/** Waits until the worker controls the page and has saved the page it was opened on. */
async function waitForOfflineReady(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => {
    const saved = await caches.open("pages-v1").then((cache) => cache.match(window.location.href, { ignoreVary: true }));
    const shell = await caches.open("shell-v1").then((cache) => cache.match(new URL("/offline", window.location.origin).toString()));
    return Boolean(saved && shell);
  });
}

test.describe("installable offline app @js-only", () => {
  test("registers the worker at /sw.js with scope / and serves it and the manifest uncached", async ({ page, request }) => {
    await page.goto("/");
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { script: ready.active?.scriptURL ?? "", scope: ready.scope };
    });
    expect(new URL(registration.script).pathname).toBe("/sw.js");
    expect(new URL(registration.scope).pathname).toBe("/");

    const worker = await request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-type"]).toMatch(/javascript/);
    const manifest = await request.get("/manifest.webmanifest");
    expect(manifest.headers()["cache-control"]).toBe("no-cache");
    expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  });

  test("the manifest passes Chromium's installability checks (those Lighthouse's installable-manifest audit reported)", async ({
    request,
    baseURL,
  }) => {
    // Chromium never offers installation in an incognito-like context (Playwright's default): use a real profile.
    const profile = mkdtempSync(path.join(os.tmpdir(), "pwa-profile-"));
    const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
      const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: { message: string; critical: number }[] };
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }

    // Lighthouse's own manifest parser, as its installability audit applied it.
    const text = await (await request.get("/manifest.webmanifest")).text();
    const manifestUrl = `${baseURL}/manifest.webmanifest`;
    const parsed = parseManifest(text, manifestUrl, `${baseURL}/`);
    expect(parsed.warning).toBeUndefined();
    const value = parsed.value!;
    expect(value.name.value).toMatch(/аниме/);
    expect(value.short_name.value).toBeTruthy();
    expect(value.start_url.value).toBe(`${baseURL}/`);
    expect(value.display.value).toBe("standalone");
    expect(value.theme_color.value).toBe("#000000");
    expect(value.background_color.value).toBe("#000000");
    // Fields Lighthouse's parser does not read.
    expect(JSON.parse(text)).toMatchObject({ lang: "ru", scope: "/" });
    const icons = value.icons.value.map((icon) => ({
      src: icon.value.src.value,
      sizes: icon.value.sizes.value,
      purpose: icon.value.purpose?.value,
      type: icon.value.type.value,
    }));
    expect(icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: ["192x192"], type: "image/png" }),
        expect.objectContaining({ sizes: ["512x512"], type: "image/png" }),
        expect.objectContaining({ purpose: ["maskable"] }),
      ]),
    );
    for (const icon of icons) {
      expect(icon.src).toBeTruthy();
      expect((await request.get(icon.src!)).status()).toBe(200);
    }
  });

  test("a visited page opens again without a network, and an unvisited one shows the offline page", async ({ page, context }) => {
    await page.goto("/anime/genres/");
    const heading = await page.getByRole("heading", { level: 1 }).innerText();
    await waitForOfflineReady(page);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);

      await page.goto("/anime/schedule");
      await expect(page).toHaveURL(/\/offline\?from=%2Fanime%2Fschedule$/);
      await expect(page.getByRole("heading", { level: 1, name: "Нет подключения к сети" })).toBeVisible();
      await expect(page.getByText("Страница /anime/schedule ещё не сохранена на этом устройстве.")).toBeVisible();
      await expect(page.getByTestId("offline-saved-pages").getByRole("link", { name: new RegExp(heading) })).toHaveAttribute(
        "href",
        "/anime/genres/",
      );
      await expect(page).toHaveTitle(/Нет подключения к сети/);
    } finally {
      await context.setOffline(false);
    }
  });

  test("signing out clears the saved pages but keeps the offline page", async ({ page }) => {
    await page.goto("/rules");
    await waitForOfflineReady(page);
    // What the header's sign-out form sends with JavaScript (a POST the worker sees on its way out).
    await page.evaluate(() => fetch("/app/auth/logout", { method: "POST", body: new FormData() }));
    await page.waitForFunction(async () => !(await caches.has("pages-v1")));
    expect(await page.evaluate(() => caches.has("shell-v1"))).toBe(true);
  });

  test("a client-side navigation without a network loads the saved page in full", async ({ page, context }) => {
    await page.goto("/rules");
    await waitForOfflineReady(page);
    await page.goto("/support");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    try {
      await page.getByRole("link", { name: "Правила" }).first().click();
      await expect(page).toHaveURL(/\/rules$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Правила");
    } finally {
      await context.setOffline(false);
    }
  });

  test("a new worker version takes over and the page reloads", async ({ page }) => {
    await page.goto("/rules");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(before).toBeTruthy();
    await page.evaluate(() => Object.assign(window, { __beforeUpdate: true }));

    const original = readFileSync(WORKER_FILE, "utf8");
    writeFileSync(WORKER_FILE, `${original}\n// e2e update ${Date.now()}\n`);
    try {
      const reloaded = page.waitForEvent("load");
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration("/");
        await registration?.update();
      });
      await reloaded;
      expect(await page.evaluate(() => "__beforeUpdate" in window)).toBe(false);
    } finally {
      writeFileSync(WORKER_FILE, original);
    }
  });

  test("after a new build is deployed, the next navigation loads the page in full", async ({ page }) => {
    await page.goto("/rules", { waitUntil: "networkidle" });
    await page.evaluate(() => Object.assign(window, { __beforeNavigation: true }));
    // Pretend this page runs an older build, then let the page check (it does when it becomes visible).
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === "/build-version" && response.status() === 200);
    const pageVersion = await page.evaluate(() => {
      const version = window.__remixManifest.version;
      window.__remixManifest.version = "previous-build";
      document.dispatchEvent(new Event("visibilitychange"));
      return version;
    });
    const answer = await checked;
    expect(answer.headers()["cache-control"]).toBe("no-store");
    expect(await answer.json()).toEqual({ version: pageVersion });
    await page.getByRole("link", { name: "Поддержка" }).first().click();
    await expect(page).toHaveURL(/\/support$/);
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => "__beforeNavigation" in window)).toBe(false);
  });

  test("the device fingerprint is posted once after load", async ({ page }) => {
    const posted = page.waitForRequest(
      (request) => new URL(request.url()).pathname === "/api/v1/accounts/listing" && request.method() === "POST",
    );
    await page.goto("/");
    const body = (await posted).postDataJSON() as { pl: string; wtchd: null };
    expect(body).toEqual({ pl: expect.stringMatching(/^[0-9a-f]{64}$/), wtchd: null });
  });
});

/** Where the offline-ready notice of a first visit sits: at the bottom, clear of what the page opens with. */
async function expectOfflineReadyNoticeAtTheBottom(page: Page, clearOf: Locator[]) {
  const notice = page.getByText("Сайт сохранён: просмотренные страницы откроются и без сети.");
  await expect(notice).toBeVisible();
  const viewport = page.viewportSize()!;
  // Once it has slid in: in the lower half, wholly on the screen.
  const settled = async () => {
    const box = await notice.boundingBox();
    return box !== null && box.y > viewport.height / 2 && box.y + box.height <= viewport.height;
  };
  await expect.poll(settled, { message: "the notice sits at the bottom of the screen" }).toBe(true);
  const box = (await notice.boundingBox())!;
  for (const element of clearOf) {
    const other = (await element.boundingBox())!;
    const overlaps =
      box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
    expect(overlaps, `the notice covers ${await element.evaluate((node) => node.outerHTML.slice(0, 80))}`).toBe(false);
  }
}

test.describe("the offline-ready notice of a first visit @js-only", () => {
  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test("is a toast at the bottom, clear of the first promo", async ({ page }) => {
      await page.goto("/");
      const firstPromo = page.getByRole("list", { name: "Анонсы и акции" }).getByRole("listitem").first();
      await expectOfflineReadyNoticeAtTheBottom(page, [firstPromo]);
    });
  });

  test.describe("at 200 % zoom", () => {
    // A 1440 × 900 window at 200 %: half the CSS pixels, each drawn twice.
    test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });
    test("is a toast at the bottom, clear of the release's title", async ({ page }) => {
      await page.goto("/anime/releases/release/dolgoe-plavanie");
      await expectOfflineReadyNoticeAtTheBottom(page, [page.getByRole("heading", { level: 1 })]);
    });
  });
});

test.describe("the offline page itself", () => {
  test("explains itself and is not indexed", async ({ page }) => {
    const response = await page.goto("/offline");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Нет подключения к сети" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoAxeViolations(page);
  });
});
