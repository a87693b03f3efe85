// /me/data/: "your data is yours" — download favorites, collections and progress as one file; import such a file back.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { COLLECTIONS_PATH, FAVORITES_PATH } from "~/features/lists/list-filters";
import { pageMeta } from "~/features/seo/page-meta";

import type { dataPageLoader } from "~/features/lists/account-data.server";

export { dataPageAction as action, dataPageLoader as loader } from "~/features/lists/account-data.server";

export const meta: MetaFunction<typeof dataPageLoader> = (args) =>
  pageMeta(args, {
    title: "Ваши данные",
    description: "Скачайте избранное, коллекции и прогресс просмотра одним файлом или загрузите их обратно.",
    noindex: true,
  });

export default function DataPage() {
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
        <p className="mt-2 text-sm text-muted">Файл JSON: номера релизов в избранном, коллекции с их типами и прогресс по эпизодам.</p>
        <a
          href="/me/data.json"
          download
          className="mt-4 inline-block rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-page hover:opacity-90"
        >
          Скачать файл
        </a>
      </section>
      <section aria-labelledby="import-heading" className="rounded-lg bg-surface p-5">
        <h2 id="import-heading" className="text-lg font-semibold">
          Импорт
        </h2>
        <p className="mt-2 text-sm text-muted">
          Ничего не удаляется: недостающее добавится в избранное, коллекции получат типы из файла, у прогресса останется больший.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3" aria-busy={importing}>
          <label htmlFor="import-file" className="text-sm font-semibold">
            Файл экспорта (до 1 МБ)
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept="application/json,.json"
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
