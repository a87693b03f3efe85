import type { Toast } from "~/domain/toast";
import { toastClassName, toastColours } from "./toast-style";

export function ToastLines({ lines }: { lines: readonly string[] }) {
  return (
    <span className="block space-y-0.5">
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}

/** A toast drawn without the toast stack, where the stack shows its own: the server's for pages without JavaScript. */
export function StaticToast({ kind, lines }: { kind: Toast["kind"]; lines: readonly string[] }) {
  return (
    <div
      role="status"
      className={`fixed inset-x-4 bottom-4 z-50 sm:left-auto sm:max-w-sm ${toastClassName}`}
      style={{ background: toastColours[kind] }}
    >
      <ToastLines lines={lines} />
    </div>
  );
}
