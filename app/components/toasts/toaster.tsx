// Shows the toast a redirect carried (flash cookie) and any toast the page raises; without JavaScript the server renders it.
import { lazy, Suspense, useEffect, useState } from "react";
import type { Toast } from "~/domain/toast";
import { enqueueToast, hasWaitingToasts, onToastEnqueued, type ToastRequest } from "./toast-queue";
import { StaticToast } from "./toast-lines";

const ToastStack = lazy(() => import("./toast-stack"));

export function notify(request: ToastRequest) {
  enqueueToast(request);
}

export function Toaster({ toast }: { toast: Toast | null }) {
  const [stackNeeded, setStackNeeded] = useState(false);

  useEffect(() => {
    if (hasWaitingToasts()) setStackNeeded(true);
    return onToastEnqueued(() => setStackNeeded(true));
  }, []);

  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);

  return (
    <>
      {stackNeeded ? (
        <Suspense fallback={null}>
          <ToastStack />
        </Suspense>
      ) : null}
      {toast ? (
        <noscript>
          <StaticToast kind={toast.kind} lines={toast.lines} />
        </noscript>
      ) : null}
    </>
  );
}
