// The install offer, loaded once the browser offers to install the site, which a first visit never needs
// (docs/performance.md#budgets, decision 0286). The offline-ready notice is in every page's code: a first visit shows it.
import { lazy, Suspense, useSyncExternalStore } from "react";
import { pwaStore } from "./lifecycle";
import { OfflineReadyNotice } from "./offline-ready-notice";

const InstallAppPrompt = lazy(() => import("./install-app-prompt"));

export function PwaNotices() {
  const { installAvailable, installDismissed } = useSyncExternalStore(pwaStore.subscribe, pwaStore.getState, pwaStore.getServerState);
  return (
    <>
      {installAvailable && !installDismissed ? (
        <Suspense fallback={null}>
          <InstallAppPrompt />
        </Suspense>
      ) : null}
      <OfflineReadyNotice />
    </>
  );
}
