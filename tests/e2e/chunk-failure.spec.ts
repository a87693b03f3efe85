// A route's file that fails to load during a navigation: the link's address is reloaded with cacheRefresh, at most
// once per 10 s per path (docs/product.md#errors, docs/decisions/0072, 0145). The worker is blocked so page.route sees every file.
import { expect, test, type Page } from "@playwright/test";

const RULES_CHUNK = /\/assets\/_app\.rules-[^/]+\.js$/;
const START = new Date("2026-11-21T20:00:00.000Z");

async function followRulesLinkFromHome(page: Page) {
  await page.goto("/");
  await page.waitForFunction(() => window.__remixRouter !== undefined);
  await page.getByRole("contentinfo").getByRole("link", { name: "Правила" }).click();
}

function cacheRefreshOf(page: Page): Date | null {
  const value = new URL(page.url()).searchParams.get("cacheRefresh");
  return value === null ? null : new Date(value);
}

test("a route file that fails to load reloads the link's address with cacheRefresh, once per 10 seconds @js-only", async ({ page }) => {
  // A fixed time: timers keep running, but the guard and cacheRefresh see exactly the moments the test sets.
  await page.clock.setFixedTime(START);
  await page.route(RULES_CHUNK, (route) => route.abort("failed"));

  await followRulesLinkFromHome(page);
  await page.waitForURL((url) => url.pathname === "/rules" && url.searchParams.has("cacheRefresh"), { waitUntil: "commit" });
  expect(new URL(page.url()).searchParams.get("cacheRefresh")).toBe(START.toISOString());
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // 6 s later the guard holds: no second reload, the error page instead of a loop.
  await page.clock.setFixedTime(new Date(START.getTime() + 6_000));
  await followRulesLinkFromHome(page);
  // The router reaches the address only after the page's handler has declined the reload.
  await page.waitForURL((url) => url.pathname === "/rules", { waitUntil: "commit" });
  expect(cacheRefreshOf(page)).toBeNull();

  // 17 s after the first one the path may be reloaded again. The declined page is left first: a report of its
  // failure still on its way would otherwise be judged at the new time and reload it behind the test's back.
  await page.goto("about:blank");
  const later = new Date(START.getTime() + 17_000);
  await page.clock.setFixedTime(later);
  await followRulesLinkFromHome(page);
  await page.waitForURL((url) => url.pathname === "/rules" && url.searchParams.has("cacheRefresh"), { waitUntil: "commit" });
  expect(new URL(page.url()).searchParams.get("cacheRefresh")).toBe(later.toISOString());
  // Closing the context while that reload is still loading, its rules file held by the route above, hung the
  // teardown now and then (30 s, "Tearing down context"): the page is let finish and the route dropped first.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.unrouteAll({ behavior: "wait" });
});
