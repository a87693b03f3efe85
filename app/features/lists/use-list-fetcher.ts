// A fetcher shared by every control of one release (so a card and the release page agree), which reports its outcome as a toast.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { fetcherFormData } from "~/components/fetcher-form";
import { notify } from "~/components/toasts/toaster";
import type { ListActionData } from "./shown-state";

export function useListFetcher(list: "favorites" | "collections", releaseId: number) {
  const fetcher = useFetcher<ListActionData>({ key: `${list}:${releaseId}` });
  const location = useLocation();
  // Several controls may share the fetcher; only the one that was clicked reports the outcome.
  const submittedHere = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle" || !submittedHere.current || !fetcher.data) return;
    submittedHere.current = false;
    notify({ kind: fetcher.data.ok ? "success" : "error", lines: [fetcher.data.message] });
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";

  /** Sends the form through the fetcher (JSON answer, no navigation); without JavaScript the form posts itself. */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formData = fetcherFormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    submittedHere.current = true;
    fetcher.submit(formData, { method: "post", action: `/lists/${list}` });
  }

  const answer = fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.releaseId === releaseId ? fetcher.data : null;
  return {
    busy,
    submit,
    pendingForm: fetcher.formData ?? null,
    answer,
    action: `/lists/${list}`,
    redirectTo: `${location.pathname}${location.search}`,
  };
}
