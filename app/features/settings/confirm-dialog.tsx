// The confirmation of a destructive settings action (Radix Dialog), loaded when it is first needed.
import * as Dialog from "@radix-ui/react-dialog";
import { confirmActionClass, confirmActionsClass, confirmCancelClass } from "./settings-form";
import { settingsStrings } from "./strings";

type ConfirmDialogProps = { question: string; confirmLabel: string; onConfirm: () => void; onClose: () => void };

export default function ConfirmDialog({ question, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-page p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold">{settingsStrings.confirm.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">{question}</Dialog.Description>
          <div className={`mt-6 ${confirmActionsClass}`}>
            <Dialog.Close className={confirmCancelClass}>{settingsStrings.cancel}</Dialog.Close>
            <button type="button" className={confirmActionClass} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
