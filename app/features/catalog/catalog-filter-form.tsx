// The catalogue's filter blocks as one GET form (docs/product.md#routes: every block of the catalogue's filter).
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
import type { CatalogReferences } from "~/domain/catalog";
import { CATALOG_PATH, type CatalogFilters } from "./catalog-filters";

type CatalogFilterFormProps = {
  references: CatalogReferences;
  filters: CatalogFilters;
  idPrefix: string;
  /** The sidebar applies every change at once; the phone's drawer waits for "Показать", so it stays open while choosing. */
  applyEachChange?: boolean;
};

function YearSelect({
  id,
  name,
  label,
  placeholder,
  value,
  years,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  value: number | undefined;
  years: number[];
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="h-10 flex-1 rounded-md border border-line bg-surface px-2 text-sm">
        <option value="">{placeholder}</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </>
  );
}

export function CatalogFilterForm({ references, filters, idPrefix, applyEachChange = true }: CatalogFilterFormProps) {
  const applyChanges = useApplyOnChange(applyEachChange);
  const years = [...references.years].sort((a, b) => b - a);
  const genreOptions = genreChipOptions(references.genres);

  return (
    <Form method="get" action={CATALOG_PATH} aria-label="Фильтры каталога" className="flex flex-col gap-4 bg-inherit" {...applyChanges}>
      <FilterSearchField idPrefix={idPrefix} value={filters.search} placeholder="Например, «Ван-Пис»" />
      <FilterBlock legend="Тип">
        <FilterChips name="types" options={references.types} checked={filters.types} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Жанры">
        <FilterChips name="genres" options={genreOptions} checked={filters.genres.map(String)} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Годы выхода">
        <div className="flex items-center gap-2">
          <YearSelect id={`${idPrefix}-year-from`} name="yearFrom" label="Год от" placeholder="от" value={filters.yearFrom} years={years} />
          <span aria-hidden="true">—</span>
          <YearSelect id={`${idPrefix}-year-to`} name="yearTo" label="Год до" placeholder="до" value={filters.yearTo} years={years} />
        </div>
      </FilterBlock>
      <FilterBlock legend="Сезон">
        <FilterChips name="seasons" options={references.seasons} checked={filters.seasons} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Сортировка">
        <FilterRadios name="sorting" options={references.sorting} selected={filters.sorting} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Возрастной рейтинг">
        <FilterChips name="ageRatings" options={references.ageRatings} checked={filters.ageRatings} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Статус выхода">
        <FilterChips name="publishStatuses" options={references.publishStatuses} checked={filters.publishStatuses} idPrefix={idPrefix} />
      </FilterBlock>
      <FilterBlock legend="Статус озвучки">
        <FilterChips
          name="productionStatuses"
          options={references.productionStatuses}
          checked={filters.productionStatuses}
          idPrefix={idPrefix}
        />
      </FilterBlock>
      <FilterFormButtons resetHref={CATALOG_PATH} />
    </Form>
  );
}
