import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { scheduleCalendarPath } from "~/domain/site-paths";
import { AddToCalendar } from "~/features/calendar/add-to-calendar";
import { calendarNames } from "~/features/calendar/strings";
import { imageSource } from "~/domain/image";
import { DaySwitcher, OnlySwitcher, ScheduleSearch, ViewSwitcher } from "~/features/schedule/schedule-controls";
import { ScheduleList } from "~/features/schedule/schedule-list";
import { scheduleHref, type ScheduleQuery } from "~/features/schedule/schedule-query";
import { groupByViewerDay, nextWeekday, WEEKDAY_NAMES, type ScheduleDay, type Weekday } from "~/features/schedule/schedule-time";
import type { ScheduleItem } from "~/features/schedule/schedule-week";
import type { loadSchedulePage } from "~/features/schedule/schedule.server";
import { scheduleStrings as strings } from "~/features/schedule/strings";
import { useBrowserZoneWeek } from "~/features/schedule/use-browser-zone-week";
import { SectionHeading } from "~/features/sections/section-heading";
import { pageMeta } from "~/shared/seo/page-meta";
import { useRootData } from "~/shared/root-data";
import { ru } from "~/i18n/ru";

export { loadSchedulePage as loader } from "~/features/schedule/schedule.server";

export const meta: MetaFunction<typeof loadSchedulePage> = (args) => {
  const first = args.data?.week.items[0];
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: first ? (imageSource(first.release.poster) ?? undefined) : undefined,
  });
};

export default function SchedulePage() {
  const data = useLoaderData<typeof loadSchedulePage>();
  const { query } = data;
  const root = useRootData();
  const { timeZone, today, items } = useBrowserZoneWeek(data.week);
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead(timeZone)}>
        <AddToCalendar feedPath={scheduleCalendarPath()} name={calendarNames.week} timeZone={data.week.timeZone} align="right" />
      </SectionHeading>
      <div className="mb-6 flex flex-col gap-3">
        <DaySwitcher query={query} today={today} />
        <div className="flex flex-wrap items-center gap-3">
          <ViewSwitcher query={query} />
          {root?.user ? <OnlySwitcher query={query} /> : null}
          <ScheduleSearch query={query} />
        </div>
      </div>
      {data.searchedAs ? (
        <p role="status" className="mb-4 rounded-md bg-surface px-4 py-3 text-sm">
          {ru.search.shownForSwitchedLayout(data.searchedAs)}
        </p>
      ) : null}
      <ScheduleContent placed={items} query={query} searched={data.searchedAs ?? query.q} today={today} />
    </>
  );
}

/** `searched`: what the results are of, the search as read in the other keyboard layout when only that found them. */
function ScheduleContent({
  placed,
  query,
  searched,
  today,
}: {
  placed: ScheduleItem[];
  query: ScheduleQuery;
  searched: string;
  today: Weekday;
}) {
  if (placed.length === 0) {
    const message = query.q ? strings.nothingFound : query.only ? strings.emptyList[query.only] : strings.emptyDay;
    return <p className="text-muted">{message}</p>;
  }
  const days = groupByViewerDay(placed);
  if (query.q) {
    const found = [...days.flatMap((day) => day.entries), ...placed.filter((item) => item.day === null)];
    return (
      <section aria-labelledby="schedule-results">
        <h2 id="schedule-results" className="mb-4 text-xl font-semibold">
          {strings.searchResults(searched)}
        </h2>
        <ScheduleList entries={found} view={query.view} label={strings.searchResults(searched)} eagerCount={6} withDay />
      </section>
    );
  }
  if (query.day !== null) {
    const day = days.find((candidate) => candidate.day === query.day) ?? { day: query.day as Weekday, entries: [] };
    return (
      <>
        <DaySection day={day} view={query.view} today={today} eagerCount={6} />
        <nav aria-label={strings.dayNavigation} className="mt-6 flex justify-between gap-4">
          <Link
            to={scheduleHref(query, { day: nextWeekday(day.day, -1) })}
            preventScrollReset
            className="font-semibold underline-offset-4 hover:underline"
          >
            {strings.previousDay(WEEKDAY_NAMES[nextWeekday(day.day, -1)])}
          </Link>
          <Link
            to={scheduleHref(query, { day: nextWeekday(day.day, 1) })}
            preventScrollReset
            className="font-semibold underline-offset-4 hover:underline"
          >
            {strings.nextDay(WEEKDAY_NAMES[nextWeekday(day.day, 1)])}
          </Link>
        </nav>
      </>
    );
  }
  const undated = placed.filter((item) => item.day === null);
  return (
    <div className="space-y-8">
      {days.map((day, index) => (
        <DaySection key={day.day} day={day} view={query.view} today={today} eagerCount={index === 0 ? 6 : 0} belowTheFold={index > 0} />
      ))}
      {undated.length > 0 ? (
        <section aria-labelledby="schedule-undated" className="render-when-near">
          <h2 id="schedule-undated" className="mb-3 text-xl font-semibold">
            {strings.noDay}
          </h2>
          <ScheduleList entries={undated} view={query.view} label={strings.noDay} eagerCount={0} />
        </section>
      ) : null}
    </div>
  );
}

function DaySection({
  day,
  view,
  today,
  eagerCount,
  belowTheFold = false,
}: {
  day: ScheduleDay<ScheduleItem>;
  view: ScheduleQuery["view"];
  today: Weekday;
  eagerCount: number;
  belowTheFold?: boolean;
}) {
  const headingId = `schedule-day-${day.day}`;
  const name = WEEKDAY_NAMES[day.day];
  return (
    <section aria-labelledby={headingId} className={belowTheFold ? "render-when-near" : undefined}>
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-xl font-semibold">
        {name}
        {day.day === today ? (
          <span className="rounded bg-[#C62828] px-2 py-0.5 text-xs font-semibold text-white">{strings.today}</span>
        ) : null}
      </h2>
      {day.entries.length === 0 ? (
        <p className="text-muted">{strings.emptyDay}</p>
      ) : (
        <ScheduleList entries={day.entries} view={view} label={name} eagerCount={eagerCount} />
      )}
    </section>
  );
}
