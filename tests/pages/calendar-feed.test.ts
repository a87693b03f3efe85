// The schedule as iCalendar feeds (decision 0195), at the request level: the week's feed, its refusals, and a
// release page's own feed as a browser without JavaScript finds it (tests/e2e/calendar-feed.spec.ts keeps the menus;
// decision 0267).
import { describe, expect, test } from "vitest";
import { FEED_CONTENT_TYPE, FEED_DISPOSITION, readCalendarFeed } from "../support/calendar-feed";
import { listOf } from "../support/demo-releases";
import { demoApi, hrefOf, loadPage, request, VISITORS } from "./support/page";

type WeekEntry = {
  full_season_is_released: boolean;
  release: { id: number; alias: string; name: { main: string }; publish_day: { value: number | null } };
};

const visitor = VISITORS.withoutJavaScript;

async function fetchFeed(path: string) {
  const response = await request(path, visitor);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(FEED_CONTENT_TYPE);
  expect(response.headers.get("content-disposition")).toMatch(FEED_DISPOSITION);
  const feed = readCalendarFeed(await response.text());
  expect(feed.overlongLines).toEqual([]);
  return feed;
}

async function scheduledRelease(): Promise<WeekEntry["release"]> {
  const week = await listOf<WeekEntry>(demoApi(visitor.server), "/api/v1/anime/schedule/week");
  const entry = week.find((candidate) => candidate.release.publish_day.value && !candidate.full_season_is_released);
  if (!entry) throw new Error("no release with a publish day in the demo schedule");
  return entry.release;
}

describe("calendar feeds", () => {
  test("the week's feed: weekly events in the asked time zone, with Russian titles", async () => {
    const release = await scheduledRelease();
    const { calendar, events } = await fetchFeed("/anime/schedule.ics?tz=Asia/Tokyo");
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

  test("bad ids or an unknown zone answer 400 in Russian", async () => {
    for (const query of ["ids=1,abc", `ids=${Array.from({ length: 201 }, (_, index) => index + 1).join(",")}`, "ids="]) {
      const response = await request(`/anime/schedule.ics?${query}`, visitor);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toContain("Некорректный список релизов");
    }
    const response = await request("/anime/schedule.ics?tz=Mars/Olympus", visitor);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Неизвестный часовой пояс");
    expect((await request("/anime/releases/release/no-such-release-here/schedule.ics", visitor)).status).toBe(404);
  });

  test("an ongoing release's page offers its own feed with its one weekly event", async () => {
    const release = await scheduledRelease();
    const page = await loadPage(`/anime/releases/release/${release.alias}`, visitor);
    const download = hrefOf(page.screen.getByRole("link", { name: "Добавить в календарь" }));
    expect(download).toBe(`/anime/releases/release/${release.alias}/schedule.ics`);
    const { calendar, events } = await fetchFeed(download);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`AniLibria: ${release.name.main}`);
    expect(events.map((event) => event.uid)).toEqual([expect.stringMatching(new RegExp(`^release-${release.id}@`))]);
  });
});
