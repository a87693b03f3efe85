// The bell's menu as HTML: a <details> with a form of three buttons that posts without JavaScript. The first paint
// and the interactive menu (episode-bell-menu.tsx) both draw it, so swapping one for the other changes nothing seen.
import { Link } from "@remix-run/react";
import type { DetailsHTMLAttributes, FormEvent, RefObject } from "react";
import { BELL_ACTION_PATH, BELL_MODES, type BellMode, type BellState } from "~/domain/episode-bell";
import { collectionControlClass } from "~/features/lists/sign-in-links";
import { BellIcon } from "./bell-icon";
import { bellMenuStrings as strings } from "./menu-strings";

export type BellTone = "page" | "player";

const summaryClass: Record<BellTone, string> = {
  // The look of the collection menu beside it.
  page: collectionControlClass,
  player:
    "inline-flex cursor-pointer list-none items-center gap-2 rounded border border-white/25 px-3 py-1.5 text-sm whitespace-nowrap hover:bg-white/10 [&::-webkit-details-marker]:hidden",
};

type BellMenuMarkupProps = {
  bell: BellState;
  shown: BellMode;
  tone: BellTone;
  redirectTo: string;
  busy?: boolean;
  menuRef?: RefObject<HTMLDetailsElement>;
  detailsProps?: DetailsHTMLAttributes<HTMLDetailsElement>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
};

export function BellMenuMarkup({ bell, shown, tone, redirectTo, busy = false, menuRef, detailsProps, onSubmit }: BellMenuMarkupProps) {
  return (
    <details ref={menuRef} className="anchored-menu-scope relative" data-episode-bell="" {...detailsProps}>
      <summary className={summaryClass[tone]} aria-busy={busy} title={strings.bell}>
        <BellIcon on={shown !== "off"} />
        <span>{strings.modes[shown]}</span>
        <span className="sr-only">: {strings.bell}</span>
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </summary>
      <form
        method="post"
        action={BELL_ACTION_PATH}
        onSubmit={onSubmit}
        className="anchored-menu absolute top-full left-0 z-20 mt-2 w-72 rounded-md border border-line bg-surface p-2 text-ink shadow-xl max-sm:fixed max-sm:inset-x-4 max-sm:top-auto max-sm:bottom-4 max-sm:z-50 max-sm:mt-0 max-sm:w-auto"
      >
        <input type="hidden" name="releaseId" value={bell.releaseId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset>
          <legend className="px-2 pb-1 text-xs text-muted">{strings.bell}</legend>
          <ul className="flex flex-col gap-1">
            {BELL_MODES.map((mode) => {
              const optionClass = `flex w-full flex-col rounded px-3 py-2 text-left text-sm hover:bg-surface-raised aria-pressed:bg-surface-raised aria-pressed:font-semibold`;
              return (
                <li key={mode}>
                  {mode === "lists" && !bell.signedIn ? (
                    <Link to={`/app/auth/login?${new URLSearchParams({ redirectTo })}`} className={optionClass}>
                      {strings.modes[mode]}
                      <span className="text-xs text-muted">{strings.listsNeedsAccount}</span>
                    </Link>
                  ) : (
                    <button type="submit" name="mode" value={mode} aria-pressed={shown === mode} className={optionClass}>
                      {strings.modes[mode]}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      </form>
    </details>
  );
}
