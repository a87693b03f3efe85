// The catalogue's filter blocks as one GET form: it works without JavaScript; with it, every change applies at once.
import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { CatalogReferences, ReferenceOption } from "~/domain/catalog";
import { CATALOG_PATH, type CatalogFilters } from "./catalog-filters";

type CatalogFilterFormProps = { references: CatalogReferences; filters: CatalogFilters; idPrefix: string };

const SEARCH_DEBOUNCE_MS = 400;

function Block({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-line pb-4">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Checkboxes({ name, options, checked, idPrefix }: { name: string; options: ReferenceOption[]; checked: readonly string[]; idPrefix: string }) {
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

export function CatalogFilterForm({ references, filters, idPrefix }: CatalogFilterFormProps) {
  const submit = useSubmit();
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  const searchInput = useRef<HTMLInputElement>(null);
  // The search box is uncontrolled so typing is never interrupted; a reset or a back navigation still updates it.
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input) input.value = filters.search ?? "";
  }, [filters.search]);
  const years = [...references.years].sort((a, b) => b - a);
  const genreOptions = references.genres.map((genre) => ({ value: String(genre.id), label: genre.name, description: null }));
  const apply = (form: HTMLFormElement) => submit(form, { preventScrollReset: true, replace: false });

  return (
    <Form
      method="get"
      action={CATALOG_PATH}
      aria-label="Фильтры каталога"
      className="flex flex-col gap-4"
      onChange={(event) => {
        const form = event.currentTarget;
        const target = event.target as HTMLInputElement;
        clearTimeout(searchTimer.current);
        if (target.name === "search") searchTimer.current = setTimeout(() => apply(form), SEARCH_DEBOUNCE_MS);
        else apply(form);
      }}
    >
      <div>
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
          placeholder="Например, «Ван-Пис»"
          className="h-10 w-full rounded-md border border-line bg-surface px-3 text-sm placeholder:text-muted"
        />
      </div>
      <Block legend="Тип">
        <Checkboxes name="types" options={references.types} checked={filters.types} idPrefix={idPrefix} />
      </Block>
      <Block legend="Жанры">
        <Checkboxes name="genres" options={genreOptions} checked={filters.genres.map(String)} idPrefix={idPrefix} />
      </Block>
      <Block legend="Годы выхода">
        <div className="flex items-center gap-2">
          <label htmlFor={`${idPrefix}-year-from`} className="sr-only">
            Год от
          </label>
          <select id={`${idPrefix}-year-from`} name="yearFrom" defaultValue={filters.yearFrom ?? ""} className="h-10 flex-1 rounded-md border border-line bg-surface px-2 text-sm">
            <option value="">от</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
          <span aria-hidden="true">—</span>
          <label htmlFor={`${idPrefix}-year-to`} className="sr-only">
            Год до
          </label>
          <select id={`${idPrefix}-year-to`} name="yearTo" defaultValue={filters.yearTo ?? ""} className="h-10 flex-1 rounded-md border border-line bg-surface px-2 text-sm">
            <option value="">до</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </Block>
      <Block legend="Сезон">
        <Checkboxes name="seasons" options={references.seasons} checked={filters.seasons} idPrefix={idPrefix} />
      </Block>
      <Block legend="Сортировка">
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
      <Block legend="Возрастной рейтинг">
        <Checkboxes name="ageRatings" options={references.ageRatings} checked={filters.ageRatings} idPrefix={idPrefix} />
      </Block>
      <Block legend="Статус выхода">
        <Checkboxes name="publishStatuses" options={references.publishStatuses} checked={filters.publishStatuses} idPrefix={idPrefix} />
      </Block>
      <Block legend="Статус озвучки">
        <Checkboxes name="productionStatuses" options={references.productionStatuses} checked={filters.productionStatuses} idPrefix={idPrefix} />
      </Block>
      <div className="flex gap-2">
        <button type="submit" className="flex-1 rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90">
          Показать
        </button>
        <Link to={CATALOG_PATH} className="rounded-md border border-line px-4 py-2.5 text-sm font-semibold hover:bg-surface-raised">
          Сбросить
        </Link>
      </div>
    </Form>
  );
}
