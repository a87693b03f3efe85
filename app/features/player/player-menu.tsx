// A menu of the player (settings, "more"): a popover over the picture when the player has room for it,
// a sheet at the bottom of the screen when it has not (phones), so every section always shows whole.
import { useRef, type ReactNode } from "react";
import { useFocusWhileOpen } from "./focus-management";
import { playerStrings } from "./strings";

type Props = {
  id: string;
  title: string;
  sheet: boolean;
  popoverWidth: string;
  onClose(): void;
  /** Beside the title: an action of the whole menu («Поделиться с отметкой времени»). */
  titleAction?: ReactNode;
  children: ReactNode;
};

export function PlayerMenu({ id, title, sheet, popoverWidth, onClose, titleAction, children }: Props) {
  const titleId = `${id}-title`;
  const menuRef = useRef<HTMLDivElement>(null);
  // Mounted only while open; Escape (the player's "close") unmounts it and focus goes back to its button.
  useFocusWhileOpen(menuRef, true);
  const placement = sheet
    ? "fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] rounded-t-xl bg-neutral-900 pb-[max(1rem,env(safe-area-inset-bottom))]"
    : `absolute bottom-16 right-2 z-40 max-h-[calc(100%-5rem)] max-w-[calc(100%-1rem)] rounded-lg bg-neutral-900/95 ${popoverWidth}`;
  return (
    <div
      ref={menuRef}
      id={id}
      role="group"
      aria-labelledby={titleId}
      data-player-menu={sheet ? "sheet" : "popover"}
      className={`${placement} dark-palette overflow-y-auto overscroll-contain px-4 pt-2 pb-4 text-sm text-white shadow-xl`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <p id={titleId} className="mr-auto font-semibold">
          {title}
        </p>
        {titleAction}
        <button
          type="button"
          onClick={onClose}
          aria-label={playerStrings.close}
          title={playerStrings.close}
          className="-mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded hover:bg-white/15"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {children}
    </div>
  );
}
