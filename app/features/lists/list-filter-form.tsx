// The favorites and collections filter blocks as one GET form: it works without JavaScript; with it, every change applies at once.
// A generalised sibling of the catalogue's form (years here are a list of the user's own years, not a range).
import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { AccountListReferences } from "~/domain/account";
import type { ReferenceOption } from "~/domain/catalog";
import { visibilityClass, type AccountListFilters, type BlockVisibility, type FilterBlockName } from "./list-filters";

type ListFilterFormProps = {
  references: AccountListReferences;
  filters: AccountListFilters;
  /** Where the form submits and what "Сбросить" opens (keeps the collection type). */
  action: string;
  resetHref: string;
  /** Query parameters the form keeps as they are (the collection type, the view). */
  keep: Record<string, string>;
  visibility: BlockVisibility;
  idPrefix: string;
  label: string;
};

const SEARCH_DEBOUNCE_MS = 400;

function Block({ legend, name, visibility, children }: { legend: string; name: FilterBlockName; visibility: BlockVisibility; children: ReactNode }) {
  return (
    <fieldset className={`border-b border-line pb-4 ${visibilityClass(visibility[name])}`}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Checkboxes({ name, options, checked, idPrefix }: { name: string; options: ReferenceOption[]; checked: readonly string[]; idPrefix: string }) {
  if (options.length === 0) return <p className="text-sm text-muted">Нет вариантов</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((option) => {
        const id = `${idPrefix}-${name}-${option.value}`;
        return (
          <div key={option.value}>
            <input id={id} type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="peer sr-only" />
            <label
              htmlFor={id}
              className="block cursor-pointer rounded-full border border-line px-3 py-1.5 text-sm text-muted peer-checked:border-primary peer-checked:bg-primary peer-checked:text-page peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-[#FE3635]"
            >
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}

export function ListFilterForm({ references, filters, action, resetHref, keep, visibility, idPrefix, label }: ListFilterFormProps) {
  const submit = useSubmit();
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  const searchInput = useRef<HTMLInputElement>(null);
  // Uncontrolled so typing is never interrupted; a reset or a back navigation still updates it.
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input) input.value = filters.search ?? "";
  }, [filters.search]);
  const years = [...references.years].sort((a, b) => b - a).map((year) => ({ value: String(year), label: String(year), description: null }));
  const genres = references.genres.map((genre) => ({ value: String(genre.id), label: genre.name, description: null }));
  const apply = (form: HTMLFormElement) => submit(form, { preventScrollReset: true });

  return (
    <Form
      method="get"
      action={action}
      aria-label={label}
      className="flex flex-col gap-4"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(searchTimer.current);
        if ((event.target as HTMLInputElement).name === "search") searchTimer.current = setTimeout(() => apply(form), SEARCH_DEBOUNCE_MS);
        else apply(form);
      }}
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={visibilityClass(visibility.search)}>
        <label htmlFor={`${idPrefix}-search`} className="mb-2 block text-sm font-semibold">
          Поиск по названию
        </label>
        <input
          ref={searchInput}
          id={`${idPrefix}-search`}
          name="search"
          type="search"
          maxLength={100}
          defaultValue={filters.search ?? ""}
          className="h-10 w-full rounded-md border border-line bg-surface px-3 text-sm"
        />
      </div>
      <Block legend="Тип" name="types" visibility={visibility}>
        <Checkboxes name="types" options={references.types} checked={filters.types} idPrefix={idPrefix} />
      </Block>
      <Block legend="Годы выхода" name="years" visibility={visibility}>
        <Checkboxes name="years" options={years} checked={filters.years.map(String)} idPrefix={idPrefix} />
      </Block>
      <Block legend="Жанры" name="genres" visibility={visibility}>
        <Checkboxes name="genres" options={genres} checked={filters.genres.map(String)} idPrefix={idPrefix} />
      </Block>
      {references.sorting.length > 0 ? (
        <Block legend="Сортировка" name="sorting" visibility={visibility}>
          <div className="flex flex-col gap-1.5">
            {references.sorting.map((option, index) => {
              const id = `${idPrefix}-sorting-${option.value}`;
              const selected = filters.sorting ? filters.sorting === option.value : index === 0;
              return (
                <div key={option.value} className="flex items-center gap-2">
                  <input id={id} type="radio" name="sorting" value={option.value} defaultChecked={selected} className="h-4 w-4 accent-[#FE3635]" />
                  <label htmlFor={id} className="text-sm">
                    {option.label}
                  </label>
                </div>
              );
            })}
          </div>
        </Block>
      ) : null}
      <Block legend="Возрастной рейтинг" name="ageRatings" visibility={visibility}>
        <Checkboxes name="ageRatings" options={references.ageRatings} checked={filters.ageRatings} idPrefix={idPrefix} />
      </Block>
      <div className="flex gap-2">
        <button type="submit" className="flex-1 rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90">
          Показать
        </button>
        <Link to={resetHref} className="rounded-md border border-line px-4 py-2.5 text-sm font-semibold hover:bg-surface-raised">
          Сбросить
        </Link>
      </div>
    </Form>
  );
}
