// «Вы ещё смотрите?» before the next episode (decision 0285): a modal dialog, loaded only when it is to be shown.
import { useEffect, useRef } from "react";
import { keepTabWithin, useFocusWhileOpen } from "./focus-management";
import { playerStrings } from "./strings";

export default function StillWatchingDialog({ onAnswer }: { onAnswer(watching: boolean): void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const answered = useRef(false);
  useFocusWhileOpen(dialogRef, true);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const answer = (watching: boolean) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(watching);
  };
  return (
    <dialog
      ref={dialogRef}
      // Escape is a «no».
      onClose={() => answer(false)}
      onKeyDown={keepTabWithin}
      aria-modal="true"
      aria-labelledby="player-still-watching-title"
      aria-describedby="player-still-watching-text"
      className="m-auto w-full max-w-sm rounded-lg bg-neutral-900 p-5 text-center text-white backdrop:bg-black/70"
      data-still-watching
    >
      <h2 id="player-still-watching-title" className="text-lg font-semibold">
        {playerStrings.stillWatchingTitle}
      </h2>
      <p id="player-still-watching-text" className="mt-2 text-sm text-neutral-300">
        {playerStrings.stillWatchingText}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => answer(true)} className="rounded bg-secondary px-4 py-2 font-semibold text-white">
          {playerStrings.keepWatching}
        </button>
        <button type="button" onClick={() => answer(false)} className="rounded border border-white/30 px-4 py-2">
          {playerStrings.stopForToday}
        </button>
      </div>
    </dialog>
  );
}
