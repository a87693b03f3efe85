// A list of scheduled releases in the chosen view (cards or posters).
import { listPriority } from "~/components/poster-image";
import type { ScheduleView } from "./schedule-query";
import { ScheduleEntryCard, ScheduleEntryPoster } from "./schedule-entry";
import { WEEKDAY_NAMES } from "./schedule-time";
import type { ScheduleItem } from "./schedule-week";

type ScheduleListProps = {
  entries: ScheduleItem[];
  view: ScheduleView;
  label: string;
  /** Cards before this index load eagerly (above the fold). */
  eagerCount: number;
  /** Name the day on each card (search results span the week). */
  withDay?: boolean;
};

export function ScheduleList({ entries, view, label, eagerCount, withDay = false }: ScheduleListProps) {
  const Item = view === "posters" ? ScheduleEntryPoster : ScheduleEntryCard;
  const layout =
    view === "posters" ? "grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" : "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3";
  return (
    <ul aria-label={label} className={`grid gap-3 ${layout}`}>
      {entries.map((placed, index) => (
        <li key={placed.release.id}>
          <Item
            placed={placed}
            priority={listPriority(index, eagerCount)}
            dayName={withDay && placed.day ? WEEKDAY_NAMES[placed.day] : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
