// The bell's menu of three states (decision 0284). Without JavaScript a plain form; with it the same form through a
// fetcher, and a click on «Все новые серии» or «Только в избранном/списках» (never the page's load) asks the browser
// for notifications and sends its push subscription. A chunk of its own (see episode-bell.tsx).
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { fetcherFormData } from "~/components/fetcher-form";
import { notify } from "~/components/toasts/toaster";
import { useDetailsOpen, useMenuDismissal } from "~/components/use-details-open";
import { BELL_ACTION_PATH, BELL_MODES, type BellActionData, type BellMode, type BellState } from "~/domain/episode-bell";
import { BellIcon } from "./bell-icon";
import { bellStrings } from "./strings";

export type EpisodeBellProps = {
  bell: BellState;
  /** The summary's look: the release page's bordered control, or the player's on a dark page. */
  tone?: "page" | "player";
};

function isBellMode(value: FormDataEntryValue | null | undefined): value is BellMode {
  return typeof value === "string" && (BELL_MODES as readonly string[]).includes(value);
}

const summaryClass = {
  page: "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-surface-raised [&::-webkit-details-marker]:hidden",
  player:
    "inline-flex cursor-pointer list-none items-center gap-2 rounded border border-white/25 px-3 py-1.5 text-sm whitespace-nowrap hover:bg-white/10 [&::-webkit-details-marker]:hidden",
};

export function EpisodeBellMenu({ bell, tone = "page" }: EpisodeBellProps) {
  const fetcher = useFetcher<BellActionData>({ key: `bell:${bell.releaseId}` });
  const location = useLocation();
  const { ref: menu, open, onToggle } = useDetailsOpen();
  useMenuDismissal(menu, open);
  const submittedHere = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle" || !submittedHere.current || !fetcher.data) return;
    submittedHere.current = false;
    notify({ kind: fetcher.data.ok ? "success" : "error", lines: [fetcher.data.message] });
  }, [fetcher.state, fetcher.data]);

  const pending = fetcher.formData?.get("mode");
  const confirmed =
    fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.releaseId === bell.releaseId ? fetcher.data.mode : undefined;
  const shown: BellMode = isBellMode(pending) ? pending : (confirmed ?? bell.mode);
  const redirectTo = `${location.pathname}${location.search}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fetcher.state !== "idle") return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = fetcherFormData(event.currentTarget, submitter);
    submittedHere.current = true;
    fetcher.submit(formData, { method: "post", action: BELL_ACTION_PATH });
    if (menu.current) menu.current.open = false;
    const mode = formData.get("mode");
    // Asked only now, after the click: a browser's permission prompt on a page's load is refused by most people.
    if (mode !== "off" && bell.pushKey) {
      void import("./push-subscription")
        .then(({ subscribeThisDevice }) => subscribeThisDevice(bell.pushKey ?? ""))
        .then((outcome) => {
          if (outcome === "denied") notify({ kind: "error", lines: [bellStrings.pushBlocked] });
          if (outcome === "unsupported") notify({ kind: "error", lines: [bellStrings.pushUnsupported] });
        });
    }
  }

  const on = shown !== "off";
  return (
    <details ref={menu} className="anchored-menu-scope relative" onToggle={onToggle} data-episode-bell="">
      <summary className={summaryClass[tone]} aria-busy={fetcher.state !== "idle"} title={bellStrings.bell}>
        <BellIcon on={on} />
        <span>{bellStrings.modes[shown]}</span>
        <span className="sr-only">: {bellStrings.bell}</span>
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </summary>
      <form
        method="post"
        action={BELL_ACTION_PATH}
        onSubmit={submit}
        className="anchored-menu absolute top-full left-0 z-20 mt-2 w-72 rounded-md border border-line bg-surface p-2 text-ink shadow-xl max-sm:fixed max-sm:inset-x-4 max-sm:top-auto max-sm:bottom-4 max-sm:z-50 max-sm:mt-0 max-sm:w-auto"
      >
        <input type="hidden" name="releaseId" value={bell.releaseId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset>
          <legend className="px-2 pb-1 text-xs text-muted">{bellStrings.bell}</legend>
          <ul className="flex flex-col gap-1">
            {BELL_MODES.map((mode) => {
              const isCurrent = shown === mode;
              const optionClass = `flex w-full flex-col rounded px-3 py-2 text-left text-sm hover:bg-surface-raised ${isCurrent ? "bg-surface-raised font-semibold" : ""}`;
              const hint = (
                <span className="text-xs font-normal text-muted">
                  {mode === "lists" && !bell.signedIn ? bellStrings.listsNeedsAccount : bellStrings.modeHints[mode]}
                </span>
              );
              return (
                <li key={mode}>
                  {mode === "lists" && !bell.signedIn ? (
                    <Link to={`/app/auth/login?${new URLSearchParams({ redirectTo })}`} className={optionClass}>
                      <span>{bellStrings.modes[mode]}</span>
                      {hint}
                    </Link>
                  ) : (
                    <button type="submit" name="mode" value={mode} aria-pressed={isCurrent} className={optionClass}>
                      <span>{bellStrings.modes[mode]}</span>
                      {hint}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      </form>
    </details>
  );
}
