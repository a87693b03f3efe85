// The favorites and collections filter blocks as one GET form; each block can be hidden on desktop or on phones.
// Unlike the catalogue, years are a list of the years of the user's own releases, not a range.
import { Form } from "@remix-run/react";
import {
  FilterBlock,
  FilterChips,
  FilterFormButtons,
  FilterRadios,
  FilterSearchField,
  genreChipOptions,
  useApplyOnChange,
} from "~/components/filters/filter-fields";
import type { AccountListReferences } from "~/domain/account";
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

export function ListFilterForm({ references, filters, action, resetHref, keep, visibility, idPrefix, label }: ListFilterFormProps) {
  const applyChanges = useApplyOnChange();
  const years = [...references.years]
    .sort((a, b) => b - a)
    .map((year) => ({ value: String(year), label: String(year), description: null }));
  const genres = genreChipOptions(references.genres);
  const blockClass = (name: FilterBlockName) => visibilityClass(visibility[name]);

  return (
    <Form method="get" action={action} aria-label={label} className="flex flex-col gap-4 bg-inherit" {...applyChanges}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FilterSearchField idPrefix={idPrefix} value={filters.search} className={visibilityClass(visibility.search)} />
      <FilterBlock legend="Тип" className={blockClass("types")}>
        <FilterChips name="types" options={references.types} checked={filters.types} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Годы выхода" className={blockClass("years")}>
        <FilterChips name="years" options={years} checked={filters.years.map(String)} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Жанры" className={blockClass("genres")}>
        <FilterChips name="genres" options={genres} checked={filters.genres.map(String)} idPrefix={idPrefix} />
      </FilterBlock>
      {references.sorting.length > 0 ? (
        <FilterBlock legend="Сортировка" className={blockClass("sorting")}>
          <FilterRadios name="sorting" options={references.sorting} selected={filters.sorting} idPrefix={idPrefix} />
        </FilterBlock>
      ) : null}
      <FilterBlock legend="Возрастной рейтинг" className={blockClass("ageRatings")}>
        <FilterChips name="ageRatings" options={references.ageRatings} checked={filters.ageRatings} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterFormButtons resetHref={resetHref} />
    </Form>
  );
}
