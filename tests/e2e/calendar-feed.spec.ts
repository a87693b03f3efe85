// The schedule as iCalendar feeds (issue 20, item 3): the week, favorites by ids and one release, parsed with
// Mozilla's ical.js; the "Добавить в календарь" menus on the schedule, release and favorites pages.
import ICAL from "ical.js";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
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
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="[\w-]+\.ics"$/);
  const text = await response.text();
  for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component)) };
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

test("the week's feed: weekly events in the asked time zone, with Russian titles", async ({ page }) => {
  const release = await scheduledRelease(page);
  const { calendar, events } = await parseFeed(await page.request.get("/anime/schedule.ics?tz=Asia/Tokyo"));
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("AniLibria: расписание");
  expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Asia/Tokyo");
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    expect(event.isRecurring()).toBe(true);
    expect(String(event.component.getFirstPropertyValue("rrule"))).toMatch(/^FREQ=WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA|SU)$/);
    if (!event.startDate.isDate) expect(event.startDate.zone?.tzid).toBe("Asia/Tokyo");
  }
  const event = events.find((candidate) => candidate.uid.startsWith(`release-${release.id}@`));
  expect(event?.summary).toBe(release.name.main);
  expect(event?.component.getFirstPropertyValue("url")).toMatch(new RegExp(`/anime/releases/release/${release.alias}$`));
});

test("bad ids or an unknown zone answer 400 in Russian", async ({ page }) => {
  for (const query of ["ids=1,abc", `ids=${Array.from({ length: 201 }, (_, index) => index + 1).join(",")}`, "ids="]) {
    const response = await page.request.get(`/anime/schedule.ics?${query}`);
    expect(response.status(), query).toBe(400);
    expect(await response.text()).toContain("Некорректный список релизов");
  }
  const response = await page.request.get("/anime/schedule.ics?tz=Mars/Olympus");
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Неизвестный часовой пояс");
  expect((await page.request.get("/anime/releases/release/no-such-release-here/schedule.ics")).status()).toBe(404);
});

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
  await expectNoAxeViolations(page);
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

test("an ongoing release's page offers its own feed with its one weekly event", async ({ page }) => {
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
