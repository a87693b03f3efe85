// The schedule as iCalendar feeds (decision 0195): the "Добавить в календарь" menus on the schedule, release and
// favorites pages, and the feeds they lead to, parsed with Mozilla's ical.js. The week's feed, its refusals and a
// release page's feed without JavaScript are request-level checks (tests/pages/calendar-feed.test.ts, decision 0267).
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { FEED_CONTENT_TYPE, FEED_DISPOSITION, readCalendarFeed } from "../support/calendar-feed";
import { collectLayoutViolations } from "../support/layout";
import { createSignedInAccount, useOwnClientAddress } from "./auth-helpers";
import { holdPageModules, isHydrated, waitForHydration } from "./hydration";

test.describe.configure({ timeout: 120_000 });

type WeekEntry = {
  full_season_is_released: boolean;
  release: { id: number; alias: string; name: { main: string }; publish_day: { value: number | null } };
};

async function parseFeed(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe(FEED_CONTENT_TYPE);
  expect(response.headers()["content-disposition"]).toMatch(FEED_DISPOSITION);
  const feed = readCalendarFeed(await response.text());
  expect(feed.overlongLines).toEqual([]);
  return feed;
}

async function scheduledRelease(page: Page): Promise<WeekEntry["release"]> {
  const answer = (await (await page.request.get("/api/v1/anime/schedule/week")).json()) as WeekEntry[] | { data: WeekEntry[] };
  const week = Array.isArray(answer) ? answer : answer.data;
  const entry = week.find((candidate) => candidate.release.publish_day.value && !candidate.full_season_is_released);
  if (!entry) throw new Error("no release with a publish day in the demo schedule");
  return entry.release;
}

const calendarMenu = (page: Page) => page.getByTestId("add-to-calendar");

async function openCalendarMenu(page: Page, name: string) {
  const menu = calendarMenu(page);
  await menu.getByText(name, { exact: true }).click();
  const links = menu.getByRole("list", { name });
  await expect(links).toBeVisible();
  return links;
}

test("the schedule page offers the feed to Google, Apple and Outlook calendars and as a file", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/anime/schedule");
  const links = await openCalendarMenu(page, "Добавить в календарь");
  const google = await links.getByRole("link", { name: "Google Календарь" }).getAttribute("href");
  expect(google).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/r\?cid=webcal%3A%2F%2F.+%2Fanime%2Fschedule\.ics/);
  await expect(links.getByRole("link", { name: "Apple Календарь (iPhone, Mac)" })).toHaveAttribute(
    "href",
    /^webcal:\/\/.+\/anime\/schedule\.ics\?tz=/,
  );
  await expect(links.getByRole("link", { name: "Outlook" })).toHaveAttribute(
    "href",
    /^https:\/\/outlook\.live\.com\/calendar\/0\/addfromweb\?url=http.+&name=AniLibria/,
  );
  const download = await links.getByRole("link", { name: "Скачать файл .ics" }).getAttribute("href");
  expect(download).toMatch(/^\/anime\/schedule\.ics\?tz=[\w/]+$/);
  expect((await parseFeed(await page.request.get(download!))).events.length).toBeGreaterThan(0);
  expect(await collectLayoutViolations(page, { within: '[data-testid="add-to-calendar"]' })).toEqual([]);
  // The open menu, with JavaScript. Without it the audit reloads the page (menu closed, at a desktop width), which
  // page-audits.spec.ts audits at both widths already.
  if (test.info().project.use.javaScriptEnabled !== false) await expectNoAxeViolations(page);
});

test.describe("in a browser far from Moscow", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the menu asks the feed in the browser's own zone once opened @js-only", async ({ page }) => {
    await page.goto("/anime/schedule");
    await waitForHydration(page);
    const links = await openCalendarMenu(page, "Добавить в календарь");
    await expect(links.getByRole("link", { name: "Скачать файл .ics" })).toHaveAttribute("href", "/anime/schedule.ics?tz=Asia/Tokyo");
    await expect(links.getByRole("link", { name: "Apple Календарь (iPhone, Mac)" })).toHaveAttribute(
      "href",
      /^webcal:\/\/.+\/anime\/schedule\.ics\?tz=Asia\/Tokyo$/,
    );
  });

  test("a menu opened before the page hydrates takes the browser's zone once it has", { tag: "@js-only" }, async ({ page }) => {
    const releaseModules = await holdPageModules(page);
    await page.goto("/anime/schedule", { waitUntil: "commit" });
    const download = (await openCalendarMenu(page, "Добавить в календарь")).getByRole("link", { name: "Скачать файл .ics" });
    expect(await isHydrated(page)).toBe(false);
    await expect(download).not.toHaveAttribute("href", /Asia/);
    releaseModules();
    await waitForHydration(page);
    await expect(download).toHaveAttribute("href", "/anime/schedule.ics?tz=Asia/Tokyo");
  });
});

test("an ongoing release's page offers its own feed with its one weekly event", { tag: "@js-only" }, async ({ page }) => {
  const release = await scheduledRelease(page);
  await page.goto(`/anime/releases/release/${release.alias}`);
  const download = await page.getByRole("link", { name: "Добавить в календарь" }).getAttribute("href");
  expect(download).toBe(`/anime/releases/release/${release.alias}/schedule.ics`);
  const { calendar, events } = await parseFeed(await page.request.get(download!));
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`AniLibria: ${release.name.main}`);
  expect(events.map((event) => event.uid)).toEqual([expect.stringMatching(new RegExp(`^release-${release.id}@`))]);
});

test("the favorites page builds a feed of the viewer's favorites from their ids", async ({ page }) => {
  await useOwnClientAddress(page);
  const release = await scheduledRelease(page);
  await createSignedInAccount(page, "/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F");
  const origin = new URL(page.url()).origin;
  const added = await page.request.post("/api/v1/accounts/users/me/favorites", {
    data: [{ release_id: release.id }],
    headers: { Origin: origin },
  });
  expect(added.ok()).toBe(true);
  await page.goto("/me/favorites/");
  const links = await openCalendarMenu(page, "Избранное в календарь");
  const download = await links.getByRole("link", { name: "Скачать файл .ics" }).getAttribute("href");
  expect(download).toMatch(new RegExp(`^/anime/schedule\\.ics\\?ids=${release.id}(&tz=[\\w/]+)?$`));
  const { calendar, events } = await parseFeed(await page.request.get(download!));
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("AniLibria: избранное в расписании");
  expect(events.map((event) => event.uid)).toEqual([expect.stringMatching(new RegExp(`^release-${release.id}@`))]);
});
