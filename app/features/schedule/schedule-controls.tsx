// The schedule's switches — day, view, favorites/collections — as plain links, and the search as a GET form,
// so each works without JavaScript and every state has its own address.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DEFAULT_SCHEDULE_QUERY, scheduleHref, SCHEDULE_VIEWS, type ScheduleQuery } from "./schedule-query";
import { WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES, WEEKDAYS, type Weekday } from "./schedule-time";
import { scheduleStrings as strings } from "./strings";

const switchClass =
  "rounded-md px-3 py-2 text-sm font-semibold hover:bg-surface-raised aria-[current=true]:bg-primary aria-[current=true]:text-page";

function SwitchLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link to={to} preventScrollReset aria-current={current ? "true" : undefined} className={switchClass}>
      {children}
    </Link>
  );
}

export function DaySwitcher({ query, today }: { query: ScheduleQuery; today: Weekday }) {
  return (
    <nav aria-label={strings.daysLabel} className="flex flex-wrap gap-1 rounded-lg bg-surface p-1">
      <SwitchLink to={scheduleHref(query, { day: null })} current={query.day === null}>
        {strings.allWeek}
      </SwitchLink>
      {WEEKDAYS.map((day) => (
        <SwitchLink key={day} to={scheduleHref(query, { day })} current={query.day === day}>
          {/* The full name as hidden text: an aria-label would not contain the visible abbreviation (label-content-name-mismatch). */}
          <span aria-hidden="true">{WEEKDAY_SHORT_NAMES[day]}</span>
          <span className="sr-only">{`${WEEKDAY_NAMES[day]}${day === today ? `, ${strings.today.toLowerCase()}` : ""}`}</span>
          {day === today ? <span aria-hidden="true" className="ml-1 inline-block size-1.5 rounded-full bg-secondary align-middle" /> : null}
        </SwitchLink>
      ))}
    </nav>
  );
}

export function ViewSwitcher({ query }: { query: ScheduleQuery }) {
  return (
    <nav aria-label={strings.viewLabel} className="flex gap-1 rounded-lg bg-surface p-1">
      {SCHEDULE_VIEWS.map((view) => (
        <SwitchLink key={view} to={scheduleHref(query, { view })} current={query.view === view}>
          {strings.views[view]}
        </SwitchLink>
      ))}
    </nav>
  );
}

export function OnlySwitcher({ query }: { query: ScheduleQuery }) {
  const options = [
    { only: null, label: strings.only.all },
    { only: "favorites", label: strings.only.favorites },
    { only: "collections", label: strings.only.collections },
  ] as const;
  return (
    <nav aria-label={strings.onlyLabel} className="flex gap-1 rounded-lg bg-surface p-1">
      {options.map((option) => (
        <SwitchLink key={option.label} to={scheduleHref(query, { only: option.only })} current={query.only === option.only}>
          {option.label}
        </SwitchLink>
      ))}
    </nav>
  );
}

export function ScheduleSearch({ query }: { query: ScheduleQuery }) {
  return (
    <Form
      method="get"
      action="/anime/schedule"
      role="search"
      aria-label={strings.searchLabel}
      className="flex flex-wrap items-center gap-2"
    >
      {query.day !== null ? <input type="hidden" name="day" value={query.day} /> : null}
      {query.view !== DEFAULT_SCHEDULE_QUERY.view ? <input type="hidden" name="view" value={query.view} /> : null}
      {query.only ? <input type="hidden" name="only" value={query.only} /> : null}
      <label htmlFor="schedule-search" className="sr-only">
        {strings.searchLabel}
      </label>
      <input
        id="schedule-search"
        type="search"
        name="q"
        defaultValue={query.q}
        key={query.q}
        maxLength={100}
        placeholder={strings.searchPlaceholder}
        className="h-10 w-64 max-w-full rounded-md border border-line bg-surface px-3 text-sm placeholder:text-muted"
      />
      <button type="submit" className="h-10 rounded-md bg-primary px-4 text-sm font-semibold text-page">
        {strings.searchSubmit}
      </button>
      {query.q ? (
        <Link to={scheduleHref(query, { q: "" })} className="text-sm underline underline-offset-4">
          {strings.searchReset}
        </Link>
      ) : null}
    </Form>
  );
}
