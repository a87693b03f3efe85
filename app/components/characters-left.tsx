// A field's remaining characters once it nears its limit: at `maxLength` the browser stops the typing without a word.
import { useState, type FormEvent } from "react";
import { formatNumber } from "~/i18n/number";
import { ru } from "~/i18n/ru";

/** The count shows from a fifth of the limit left. */
const SHOWN_FROM_SHARE_LEFT = 1 / 5;

/** The length of a field's text as the viewer types, for `CharactersLeft`; `reset` after the form is cleared. */
export function useFieldLength(initial = "") {
  const [length, setLength] = useState(initial.length);
  return {
    length,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setLength(event.currentTarget.value.length),
    reset: () => setLength(0),
  };
}

/** `id` for the field's `aria-describedby`. */
export function CharactersLeft({ id, length, limit, className = "" }: { id: string; length: number; limit: number; className?: string }) {
  const left = Math.max(0, limit - length);
  return (
    <span id={id} aria-live="polite" className={`block text-xs ${className}`}>
      {left <= limit * SHOWN_FROM_SHARE_LEFT ? ru.fields.charactersLeft(formatNumber(left)) : null}
    </span>
  );
}
