// The install offer: shown once the browser says the site can be installed and the visitor has interacted with the
// page, until installed or dismissed.
import { useEffect, useState, useSyncExternalStore } from "react";
import { pwaStore } from "./lifecycle";
import { installStrings } from "./install-strings";

const strings = installStrings;

/**
 * Waits for a first tap, click or key press: an offer popping up over a page that just opened interrupts reading, and
 * being the largest thing painted after load it would become the page's Largest Contentful Paint.
 */
function useHasInteracted(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (navigator.userActivation?.hasBeenActive) {
      setInteracted(true);
      return;
    }
    const controller = new AbortController();
    const onInput = () => {
      setInteracted(true);
      controller.abort();
    };
    for (const type of ["pointerdown", "keydown"])
      window.addEventListener(type, onInput, { capture: true, passive: true, signal: controller.signal });
    return () => controller.abort();
  }, []);
  return interacted;
}

export default function InstallAppPrompt() {
  const state = useSyncExternalStore(pwaStore.subscribe, pwaStore.getState, pwaStore.getServerState);
  const interacted = useHasInteracted();
  if (!state.installAvailable || state.installDismissed || !interacted) return null;
  return (
    <section
      aria-label={strings.region}
      className="fixed inset-x-4 bottom-4 z-40 max-w-sm rounded-lg border border-line bg-surface p-4 shadow-lg sm:left-4 sm:right-auto"
    >
      <h2 className="mb-1 font-semibold">{strings.title}</h2>
      <p className="mb-3 text-sm text-muted">{strings.text}</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => void pwaStore.promptInstall()}
          className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-page hover:opacity-90"
        >
          {strings.action}
        </button>
        <button
          type="button"
          onClick={() => pwaStore.dismissInstall()}
          className="rounded-md border border-line px-4 py-2 text-sm font-semibold hover:bg-surface-raised"
        >
          {strings.dismiss}
        </button>
      </div>
    </section>
  );
}
