// The sonner stack, loaded only when the first toast appears (docs/product.md#constants: 4000 ms, bottom-right, draggable, closes on click, no close button, no icon).
import { useEffect } from "react";
import { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";
import { drainToasts, onToastEnqueued, type ToastRequest } from "./toast-queue";
import { ToastLines } from "./toast-lines";
import { TOAST_DURATION_MS, toastClassName, toastColours } from "./toast-style";

function show(request: ToastRequest) {
  sonnerToast.custom(
    (id) => (
      <button
        type="button"
        onClick={() => sonnerToast.dismiss(id)}
        className={toastClassName}
        style={{ background: toastColours[request.kind] }}
      >
        <ToastLines lines={request.lines} />
      </button>
    ),
    { id: request.id, duration: TOAST_DURATION_MS },
  );
}

export default function ToastStack() {
  useEffect(() => {
    drainToasts(show);
    return onToastEnqueued(() => drainToasts(show));
  }, []);
  return <SonnerToaster position="bottom-right" duration={TOAST_DURATION_MS} closeButton={false} containerAriaLabel="Уведомления" />;
}
