// The pieces every filter form is made of (catalogue, favorites, collections): one GET form that works without
// JavaScript; with it, every change applies at once and typing in the search box applies after a pause.
import { Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from "react";
import type { GenreOption, ReferenceOption } from "~/domain/catalog";
import { filledFields } from "~/domain/filled-query";
import { isDocumentHydrated } from "../document-hydration";

const SEARCH_DEBOUNCE_MS = 400;

/** Genres as chip options: the id goes into the address. */
export function genreChipOptions(genres: readonly GenreOption[]): ReferenceOption[] {
  return genres.map((genre) => ({ value: String(genre.id), label: genre.name, description: null }));
}

export function FilterBlock({ legend, className = "", children }: { legend: string; className?: string; children: ReactNode }) {
  return (
    <fieldset className={`border-b border-line pb-4 ${className}`}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

type ChoiceProps = { name: string; options: readonly ReferenceOption[]; idPrefix: string };

/** Checkboxes drawn as chips (the `filter-chip` class keeps the markup of sixty of them small). */
export function FilterChips({ name, options, checked, idPrefix }: ChoiceProps & { checked: readonly string[] }) {
  if (options.length === 0) return <p className="text-sm text-muted">Нет вариантов</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((option) => {
        const id = `${idPrefix}-${name}-${option.value}`;
        return (
          <div key={option.value}>
            <input
              id={id}
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
              className="peer sr-only"
            />
            <label htmlFor={id} className="filter-chip">
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** One radio per option; the first is selected when nothing is. */
export function FilterRadios({ name, options, selected, idPrefix }: ChoiceProps & { selected: string | undefined }) {
  return (
    <div className="flex flex-col gap-1.5">
      {options.map((option, index) => {
        const id = `${idPrefix}-${name}-${option.value}`;
        return (
          // 24 px radios in rows of 28 px: each target is whole and clear of the next (WCAG 2.5.8).
          <div key={option.value} className="flex min-h-7 items-center gap-2">
            <input
              id={id}
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={selected ? selected === option.value : index === 0}
              className="h-6 w-6"
            />
            <label htmlFor={id} className="py-0.5 text-sm">
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}

type SearchFieldProps = { idPrefix: string; value: string | undefined; placeholder?: string; className?: string };

/** Uncontrolled so typing is never interrupted; a reset or a back navigation still updates it. */
export function FilterSearchField({ idPrefix, value, placeholder, className = "" }: SearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = input.current;
    if (element && document.activeElement !== element) element.value = value ?? "";
  }, [value]);
  return (
    <div className={className}>
      <label htmlFor={`${idPrefix}-search`} className="mb-2 block text-sm font-semibold">
        Поиск по названию
      </label>
      <input
        ref={input}
        id={`${idPrefix}-search`}
        name="search"
        type="search"
        maxLength={100}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        className="h-10 w-full rounded-md border border-line bg-surface px-3 text-sm placeholder:text-muted"
      />
    </div>
  );
}

/** The option a single-choice select shows until someone picks: the last one marked selected, or the first. */
function defaultIndexOf(select: HTMLSelectElement): number {
  const marked = Array.from(select.options).reduce((last, option, index) => (option.defaultSelected ? index : last), -1);
  return marked === -1 ? Math.min(0, select.options.length - 1) : marked;
}

/** A field the viewer changed from what the page's markup says: its state differs from its default. */
export function changedFromMarkup(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((element) => {
    if (element instanceof HTMLSelectElement) {
      if (!element.multiple) return element.selectedIndex !== defaultIndexOf(element);
      return Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
    }
    if (!(element instanceof HTMLInputElement)) return false;
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
    // A one-line field drops line breaks from the value its markup gives it.
    return element.value !== element.defaultValue.replace(/[\r\n]/g, "");
  });
}

/**
 * Props for a filter form that applies each change: at once, or after a pause while the search text is typed.
 * A change made before the page hydrated (decision 0234) fired no handler; it is applied on hydration, in place of
 * the address it changes. The browser does not restore these forms' state (`autoComplete="off"`), so what differs
 * from the markup then is the viewer's.
 */
export function useApplyOnChange(enabled = true): {
  ref: RefObject<HTMLFormElement>;
  autoComplete: "off";
  onChange: ((event: FormEvent<HTMLFormElement>) => void) | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
} {
  const submit = useSubmit();
  // The address carries only the filled fields (decision 0283); without JavaScript the server drops the empty ones.
  const submitFilled = (changed: HTMLFormElement, options: { preventScrollReset?: boolean; replace?: boolean } = {}) =>
    submit(filledFields(new FormData(changed)), { method: "get", action: changed.getAttribute("action") ?? undefined, ...options });
  const form = useRef<HTMLFormElement>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const apply = (changed: HTMLFormElement, { replace = false, typing = false } = {}) => {
    clearTimeout(searchTimer.current);
    const send = () => submitFilled(changed, { preventScrollReset: true, replace });
    if (typing) searchTimer.current = setTimeout(send, SEARCH_DEBOUNCE_MS);
    else send();
  };
  useEffect(() => {
    if (!enabled || isDocumentHydrated() || !form.current || !changedFromMarkup(form.current)) return;
    const typing = document.activeElement instanceof HTMLInputElement && document.activeElement.name === "search";
    apply(form.current, { replace: true, typing });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  const onChange = (event: FormEvent<HTMLFormElement>) =>
    apply(event.currentTarget, { typing: (event.target as HTMLInputElement).name === "search" });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(searchTimer.current);
    submitFilled(event.currentTarget);
  };
  return { ref: form, autoComplete: "off", onChange: enabled ? onChange : undefined, onSubmit };
}

/**
 * At the bottom of the form's scrolling box (the phone's drawer, the sidebar) or of the screen: always in reach. A
 * box sticks inside its scroller's padding; the bar reaches over that padding (1rem in every filter box) so that no
 * filter shows under it.
 */
export function FilterFormButtons({ resetHref }: { resetHref: string }) {
  return (
    <div className="sticky -bottom-4 z-10 flex gap-2 border-t border-line bg-inherit pt-3 pb-7">
      <button type="submit" className="flex-1 rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90">
        Показать
      </button>
      <Link to={resetHref} className="rounded-md border border-line px-4 py-2.5 text-sm font-semibold hover:bg-surface-raised">
        Сбросить
      </Link>
    </div>
  );
}
