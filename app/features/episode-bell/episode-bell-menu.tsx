// The bell's menu with JavaScript (decision 0284): the same form through a fetcher, and a click on «Все новые серии»
// or «Только в избранном/списках» (never the page's load) asks the browser for notifications and sends its push
// subscription. A chunk of its own, fetched when the viewer reaches for the bell (see episode-bell.tsx); the server
// renders it whole.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { fetcherFormData } from "~/components/fetcher-form";
import { notify } from "~/components/toasts/toaster";
import { useDetailsOpen, useMenuDismissal } from "~/components/use-details-open";
import { BELL_ACTION_PATH, BELL_MODES, type BellActionData, type BellMode, type BellState } from "~/domain/episode-bell";
import { BellMenuMarkup, type BellTone } from "./bell-menu-markup";
import { bellStrings } from "./strings";

function isBellMode(value: FormDataEntryValue | null | undefined): value is BellMode {
  return typeof value === "string" && (BELL_MODES as readonly string[]).includes(value);
}

export type EpisodeBellProps = { bell: BellState; tone?: BellTone };

export function EpisodeBellMenu({ bell, tone = "page" }: EpisodeBellProps) {
  const fetcher = useFetcher<BellActionData>({ key: `bell:${bell.releaseId}` });
  const location = useLocation();
  const { ref: menu, open, onToggle } = useDetailsOpen();
  useMenuDismissal(menu, open);
  const submittedHere = useRef(false);

  // Marks the menu as working through the fetcher (what a test waits for before it clicks).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !submittedHere.current || !fetcher.data) return;
    submittedHere.current = false;
    notify({ kind: fetcher.data.ok ? "success" : "error", lines: [fetcher.data.message] });
  }, [fetcher.state, fetcher.data]);

  const pending = fetcher.formData?.get("mode");
  const confirmed =
    fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.releaseId === bell.releaseId ? fetcher.data.mode : undefined;
  const shown: BellMode = isBellMode(pending) ? pending : (confirmed ?? bell.mode);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fetcher.state !== "idle") return;
    const formData = fetcherFormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    submittedHere.current = true;
    fetcher.submit(formData, { method: "post", action: BELL_ACTION_PATH });
    if (menu.current) menu.current.open = false;
    const { pushKey } = bell;
    // Asked only now, after the click: a permission prompt on a page's load is what most people refuse.
    if (formData.get("mode") !== "off" && pushKey) {
      void import("./push-subscription")
        .then(({ subscribeThisDevice }) => subscribeThisDevice(pushKey))
        .then((outcome) => {
          if (outcome === "denied") notify({ kind: "error", lines: [bellStrings.pushBlocked] });
          if (outcome === "unsupported") notify({ kind: "error", lines: [bellStrings.pushUnsupported] });
        });
    }
  }

  return (
    <BellMenuMarkup
      bell={bell}
      shown={shown}
      tone={tone}
      redirectTo={`${location.pathname}${location.search}`}
      busy={fetcher.state !== "idle"}
      menuRef={menu}
      detailsProps={{ onToggle, ...(live ? { "data-episode-bell": "live" } : {}) }}
      onSubmit={submit}
    />
  );
}
