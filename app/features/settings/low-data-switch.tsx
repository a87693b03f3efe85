// The low-data switch (decision 0288): a plain form without JavaScript, a fetcher with it; kept in a cookie for
// visitors and signed-in viewers alike, as the theme is.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { fetcherFormData } from "~/components/fetcher-form";
import { useLowData } from "~/components/low-data";
import { LOW_DATA_ON } from "~/domain/low-data";
import { settingsStrings } from "./strings";

const text = settingsStrings.site;

export const LOW_DATA_ACTION = "/preferences/low-data";
const FIELD = "lowData";

/**
 * The switch's state to show now: a pending change wins over the cookie's value. Remix renders the router's state in
 * a transition, after the tap's own render, so the tap is kept apart until the post it started has ended: otherwise
 * the box unticks itself for as long as the transition takes, and ticks again.
 */
function useOptimisticSwitch(fetcher: ReturnType<typeof useFetcher>, fromCookie: boolean) {
  const [tapped, setTapped] = useState<boolean | null>(null);
  const busy = fetcher.state !== "idle";
  const postStarted = useRef(false);
  useEffect(() => {
    if (busy) postStarted.current = true;
    else if (postStarted.current) {
      postStarted.current = false;
      setTapped(null);
    }
  }, [busy]);
  const on = fetcher.formData ? fetcher.formData.get(FIELD) === LOW_DATA_ON : (tapped ?? fromCookie);
  return { on, setTapped };
}

type Props = { submitLabel: string; buttonClassName: string; className?: string };

export function LowDataSwitch({ submitLabel, buttonClassName, className = "" }: Props) {
  const location = useLocation();
  const fetcher = useFetcher({ key: "low-data-switch" });
  const reason = useLowData();
  const { on, setTapped } = useOptimisticSwitch(fetcher, reason === "switch");
  const hintId = useId();
  return (
    <form
      method="post"
      action={LOW_DATA_ACTION}
      className={className}
      data-low-data-switch
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(fetcherFormData(event.currentTarget), { method: "post", action: LOW_DATA_ACTION });
      }}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label className="flex cursor-pointer items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          name={FIELD}
          value={LOW_DATA_ON}
          checked={on}
          aria-describedby={hintId}
          className="h-4 w-4"
          // With JavaScript a change applies at once; without it (or before hydration), the button posts the form.
          onChange={(event) => {
            setTapped(event.currentTarget.checked);
            event.currentTarget.form?.requestSubmit();
          }}
        />
        {text.lowDataSwitch}
      </label>
      <p id={hintId} className="mt-1 text-sm text-muted">
        {text.lowDataHint}
        {reason === "browser" && !on ? ` ${text.lowDataByBrowser}` : ""}
      </p>
      <button type="submit" className={`${buttonClassName} mt-3`}>
        {submitLabel}
      </button>
    </form>
  );
}
