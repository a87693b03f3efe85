// The "?" dialog listing every shortcut: a native modal dialog (Escape closes it, the page behind is inert), with Tab
// kept inside and focus given back to what opened it.
import { useEffect, useRef } from "react";
import { keepTabWithin, useFocusWhileOpen } from "./focus-management";
import { SHORTCUT_HELP } from "./keyboard";
import { playerStrings } from "./strings";

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Before showModal, which moves focus into the dialog: the opener is still the focused element here.
  useFocusWhileOpen(dialogRef, open);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      onKeyDown={keepTabWithin}
      aria-modal="true"
      aria-labelledby="player-shortcuts-title"
      className="m-auto w-full max-w-lg rounded-lg bg-neutral-900 p-4 text-white backdrop:bg-black/70 sm:p-6"
    >
      <h2 id="player-shortcuts-title" className="text-lg font-semibold">
        {playerStrings.shortcuts}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUT_HELP.map((shortcut) => (
          <div key={shortcut.keys} className="contents">
            <dt>
              <kbd className="rounded bg-neutral-800 px-1.5 py-0.5 font-mono text-xs">{shortcut.keys}</kbd>
            </dt>
            <dd className="text-neutral-300">{shortcut.action}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 text-right">
        <button type="button" onClick={() => dialogRef.current?.close()} className="rounded bg-secondary px-4 py-2 font-semibold">
          {playerStrings.close}
        </button>
      </div>
    </dialog>
  );
}
