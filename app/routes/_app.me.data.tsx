// /me/data/: "your data is yours" — download favorites, collections and progress as one file; import such a file back.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { collectionLabels } from "~/features/lists/collection-labels";
import { ListImportPreview } from "~/features/lists/list-import-preview";
import { COLLECTIONS_PATH, FAVORITES_PATH } from "~/features/lists/list-filters";
import { pageMeta } from "~/shared/seo/page-meta";

import { releasePath } from "~/domain/site-paths";
import type { dataPageAction, dataPageLoader } from "~/features/lists/account-data.server";

export { dataPageAction as action, dataPageLoader as loader } from "~/features/lists/account-data.server";

export const meta: MetaFunction<typeof dataPageLoader> = (args) =>
  pageMeta(args, {
    title: "Ваши данные",
    description:
      "Скачайте избранное, коллекции и прогресс просмотра одним файлом или загрузите их обратно, в том числе список с MyAnimeList или Шикимори.",
    noindex: true,
  });

export default function DataPage() {
  const { notExportable } = useLoaderData<typeof dataPageLoader>();
  const answer = useActionData<typeof dataPageAction>();
  const preview = answer && "listImport" in answer ? answer.listImport : null;
  const importError = answer && "importError" in answer ? answer.importError : null;
  const navigation = useNavigation();
  const importing = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Ваши данные</h1>
        <p className="mt-2 text-muted">
          Избранное, коллекции и прогресс просмотра принадлежат вам: скачайте их одним файлом и загрузите в этот или другой аккаунт.
        </p>
      </div>
      <section aria-labelledby="export-heading" className="rounded-lg bg-surface p-5">
        <h2 id="export-heading" className="text-lg font-semibold">
          Экспорт
        </h2>
        <p className="mt-2 text-sm text-muted">Файл JSON: номера релизов в избранном, коллекции с их типами и прогресс по сериям.</p>
        <a
          href="/me/data.json"
          download
          className="mt-4 inline-block rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90"
        >
          Скачать файл
        </a>
        <p className="mt-4 text-sm text-muted">
          Для MyAnimeList и Шикимори: коллекции с числом просмотренных серий в формате выгрузки MyAnimeList (XML), который принимают оба
          сайта.
        </p>
        <a
          href="/me/data.xml"
          download
          className="mt-3 inline-block rounded-md border border-line px-4 py-2.5 text-sm font-semibold hover:bg-page"
        >
          Скачать список для MyAnimeList
        </a>
        {notExportable && notExportable.length > 0 ? (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer">
              Не попадут в этот файл — у релиза нет номера на MyAnimeList ({notExportable.length})
            </summary>
            <ul className="mt-2 list-disc pl-5">
              {notExportable.map((entry) => (
                <li key={entry.releaseId}>
                  {entry.alias ? (
                    <Link to={releasePath(entry.alias)} className="underline">
                      {entry.title ?? entry.alias}
                    </Link>
                  ) : (
                    `Релиз № ${entry.releaseId}`
                  )}{" "}
                  — «{collectionLabels[entry.collection]}»
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
      {preview ? <ListImportPreview preview={preview} /> : null}
      <section aria-labelledby="import-heading" className="rounded-lg bg-surface p-5">
        <h2 id="import-heading" className="text-lg font-semibold">
          Импорт
        </h2>
        <p className="mt-2 text-sm text-muted">
          Ничего не удаляется: недостающее добавится в избранное, коллекции получат типы из файла, у прогресса останется больший.
        </p>
        <p className="mt-2 text-sm text-muted">
          Можно загрузить и список аниме с MyAnimeList (выгрузка XML или .xml.gz) или Шикимори (XML или JSON): сначала вы увидите, что
          нашлось на сайте, и выберете, что добавить в коллекции.
        </p>
        {importError ? (
          <p role="alert" className="mt-3 rounded-md border border-line bg-page p-3 text-sm font-semibold">
            {importError}
          </p>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3" aria-busy={importing}>
          <label htmlFor="import-file" className="text-sm font-semibold">
            Файл экспорта или список аниме (до 1 МБ)
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept="application/json,.json,application/xml,text/xml,.xml,application/gzip,.gz"
            required
            className="text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-page file:px-3 file:py-2 file:text-sm"
          />
          <button
            type="submit"
            disabled={importing}
            className="self-start rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90 disabled:opacity-60"
          >
            {importing ? "Загружаем…" : "Загрузить"}
          </button>
        </Form>
      </section>
      <p className="text-sm">
        <Link to={FAVORITES_PATH} className="underline">
          Избранное
        </Link>{" "}
        ·{" "}
        <Link to={COLLECTIONS_PATH} className="underline">
          Коллекции
        </Link>
      </p>
    </div>
  );
}
