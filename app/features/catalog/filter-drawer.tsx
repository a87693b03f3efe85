// The mobile variant of the filters: a drawer (Radix Dialog), loaded only when a phone user opens it.
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

type FilterDrawerProps = { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode };

export default function FilterDrawer({ open, onOpenChange, children }: FilterDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        {/* A submitted form ("Показать") is done with the drawer, even when it asks for what is already shown. */}
        <Dialog.Content
          onSubmit={() => onOpenChange(false)}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(100vw,380px)] flex-col overflow-y-auto bg-page p-4 shadow-2xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Фильтры</Dialog.Title>
            <Dialog.Close className="rounded-md px-3 py-1.5 text-sm hover:bg-surface-raised">Закрыть</Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Выберите, какие релизы показать в каталоге</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
