// The zone and moment the schedule is drawn for: the server's guess (the visitor's location, else Moscow)
// for the server render and hydration, then the browser's own zone and clock.
import { startTransition, useEffect, useState } from "react";
import { safeTimeZone } from "./schedule-time";

export function useViewerClock(serverTimeZone: string | null | undefined, renderedAt: string): { timeZone: string; now: Date } {
  const [clock, setClock] = useState(() => ({ timeZone: safeTimeZone(serverTimeZone), now: new Date(renderedAt) }));
  useEffect(() => {
    // A transition: redrawing the whole week is a long task on a phone, and this way it yields to input.
    startTransition(() => setClock({ timeZone: safeTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone), now: new Date() }));
  }, []);
  return clock;
}
