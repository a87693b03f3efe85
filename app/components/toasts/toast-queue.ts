// Toasts wait here until the toast stack (loaded on first use) has mounted and can show them.
import type { Toast } from "~/domain/toast";

export type ToastRequest = { kind: Toast["kind"]; lines: readonly string[]; id?: string };

const waiting: ToastRequest[] = [];
const listeners = new Set<() => void>();
let anyRequested = false;

export function enqueueToast(request: ToastRequest) {
  anyRequested = true;
  waiting.push(request);
  for (const listener of listeners) listener();
}

export function drainToasts(show: (request: ToastRequest) => void) {
  for (const request of waiting.splice(0)) show(request);
}

/** Whether the page has asked for a toast, so the stack is loaded or on its way. */
export function anyToastRequested(): boolean {
  return anyRequested;
}

export function hasWaitingToasts(): boolean {
  return waiting.length > 0;
}

export function onToastEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
