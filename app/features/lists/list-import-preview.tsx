// The preview of an anime list import: matches by id, guesses by title («догадка»), and what matched nothing, with a
// checkbox per row; a plain form post, so it works without JavaScript.
import { Form, Link, useNavigation } from "@remix-run/react";
import type { CollectionType } from "~/domain/account";
import { releasePath } from "~/domain/site-paths";
import { formatCount } from "~/i18n/format";
import { collectionLabels } from "./collection-labels";
import { encodeChoice, LIST_CHOICE_FIELD, LIST_IMPORT_INTENT, type ListPreview, type ListPreviewRow } from "./list-import";

const FORMAT_NAMES: Record<ListPreview["format"], string> = {
  "mal-xml": "выгрузка MyAnimeList (XML)",
  "shikimori-json": "выгрузка Шикимори (JSON)",
};

const labelOf = (collection: string) => collectionLabels[collection as CollectionType] ?? collection;

function MatchRow({ row, position }: { row: ListPreviewRow; position: number }) {
  const match = row.match;
  if (!match) return null;
  const id = `list-entry-${position}`;
  return (
    <li className="flex items-start gap-3 py-2">
      <input
        id={id}
        type="checkbox"
        name={LIST_CHOICE_FIELD}
        value={encodeChoice({ releaseId: match.releaseId, collection: row.collection, watched: row.watched })}
        defaultChecked
        className="mt-1 size-4"
      />
      <label htmlFor={id} className="min-w-0 flex-1 text-sm">
        <span className="font-semibold">{match.title}</span>
        {match.guess ? <span className="ml-2 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-page">догадка</span> : null}
        <span className="block text-muted">
          {match.guess ? `В списке: «${row.title}» · ` : null}
          {match.saved ? `Уже в «${labelOf(match.saved)}» — останется там` : `→ «${labelOf(row.collection)}»`}
          {row.watched > 0 ? ` · просмотрено ${formatCount(row.watched, "episodes")}` : null}
        </span>
      </label>
      <Link to={releasePath(match.alias)} className="text-sm underline">
        Релиз
      </Link>
    </li>
  );
}

export function ListImportPreview({ preview }: { preview: ListPreview }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const exact = preview.rows.map((row, position) => ({ row, position })).filter(({ row }) => row.match && !row.match.guess);
  const guesses = preview.rows.map((row, position) => ({ row, position })).filter(({ row }) => row.match?.guess);
  const unmatched = preview.rows.filter((row) => !row.match);
  const { matched, guessed, unmatched: unmatchedCount } = preview.counts;
  return (
    <section aria-labelledby="list-preview-heading" className="rounded-lg bg-surface p-5" data-testid="list-import-preview">
      <h2 id="list-preview-heading" className="text-lg font-semibold">
        Проверьте список перед загрузкой
      </h2>
      <p className="mt-2 text-sm text-muted">
        {FORMAT_NAMES[preview.format]}: найдено по номеру — {matched}, догадки по названию — {guessed}, не найдено — {unmatchedCount}. Пока
        вы не нажмёте «Добавить отмеченное», ничего не сохранено. Релизы, которые уже есть в ваших коллекциях, останутся там, где были;
        просмотренные серии только добавятся.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={LIST_IMPORT_INTENT} />
        {exact.length > 0 ? (
          <fieldset>
            <legend className="font-semibold">Найдено по номеру на MyAnimeList и Шикимори ({matched})</legend>
            <ul className="divide-y divide-line">
              {exact.map(({ row, position }) => (
                <MatchRow key={position} row={row} position={position} />
              ))}
            </ul>
          </fieldset>
        ) : null}
        {guesses.length > 0 ? (
          <fieldset>
            <legend className="font-semibold">Догадки по названию ({guessed})</legend>
            <p className="text-sm text-muted">У этих релизов на сайте нет номера MyAnimeList: проверьте и снимите отметку с ошибочных.</p>
            <ul className="divide-y divide-line">
              {guesses.map(({ row, position }) => (
                <MatchRow key={position} row={row} position={position} />
              ))}
            </ul>
          </fieldset>
        ) : null}
        {matched + guessed > 0 ? (
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90 disabled:opacity-60"
          >
            {busy ? "Добавляем…" : "Добавить отмеченное"}
          </button>
        ) : null}
      </Form>
      {unmatched.length > 0 ? (
        <details className="mt-4" open={matched + guessed === 0}>
          <summary className="cursor-pointer font-semibold">Не найдено на сайте ({unmatchedCount})</summary>
          {preview.notSearched > 0 ? (
            <p className="mt-2 text-sm text-muted">
              Без поиска по названию (слишком много записей без номера за один раз): {preview.notSearched}.
            </p>
          ) : null}
          <ul className="mt-2 list-disc pl-5 text-sm">
            {unmatched.map((row, position) => (
              <li key={position}>{row.title}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
