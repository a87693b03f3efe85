// The import form's action: a multipart upload of an export file or an anime list, validated, merged into the account
// (a list after its preview), answered with a toast.
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { requestApi, type RequestArgs } from "~/.server/api/handle";
import { logError } from "~/.server/log.server";
import { throwIfSignInNeeded } from "~/.server/route-errors.server";
import { redirectWithToast } from "~/.server/toast.server";
import {
  exceedsImportCaps,
  ExportEntrySchemas,
  ExportEnvelopeSchema,
  importSummary,
  MAX_IMPORT_BYTES,
  tooManyEntriesMessage,
  type ExportFile,
} from "./data-file";
import { importAccountData } from "./data-transfer.server";
import { importGuard, listPreviewGuard, type ImportGuard } from "./import-guard.server";
import { LIST_CHOICE_FIELD, LIST_IMPORT_INTENT, ListChoicesSchema, type ListPreview } from "./list-import";
import { importListChoices, listImportSummary, previewList, readMalXml, readShikimoriJson, type ListReading } from "./list-import.server";
import { validInTurns } from "./parse-in-turns.server";

const gunzipAtMost = (bytes: Uint8Array, maxBytes: number) => promisify(gunzip)(bytes, { maxOutputLength: maxBytes });

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const importStrings = {
  tooLarge: "Файл слишком большой: можно загрузить до 1 МБ.",
  noFile: "Выберите файл: экспорт этого сайта (.json) или список с MyAnimeList или Шикимори (.xml, .xml.gz, .json).",
  notJson: "Это не файл экспорта: не удалось прочитать JSON.",
  notReadable: "Не удалось распаковать файл: архив повреждён.",
  wrongFormat: "Это не файл экспорта AniLibria или его версия не поддерживается.",
  badChoices: "Не удалось прочитать выбранные записи списка: загрузите файл ещё раз.",
  nothingChosen: "Не выбрано ни одной записи: отметьте, что добавить, или загрузите другой файл.",
  tooManyEntries: tooManyEntriesMessage,
  failed: "Не удалось завершить импорт: сайт не ответил. Часть данных могла сохраниться — загрузите файл ещё раз.",
} as const;

/** The file as ExportFileSchema reads it (null where it refuses), its entries checked a slice per turn. */
export async function parseExportFile(json: unknown): Promise<ExportFile | null> {
  const envelope = ExportEnvelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const favorites = await validInTurns(ExportEntrySchemas.favorites, envelope.data.favorites);
  const collections = await validInTurns(ExportEntrySchemas.collections, envelope.data.collections);
  const timecodes = await validInTurns(ExportEntrySchemas.timecodes, envelope.data.timecodes);
  if (!("valid" in favorites) || !("valid" in collections) || !("valid" in timecodes)) return null;
  return { ...envelope.data, favorites: favorites.valid, collections: collections.valid, timecodes: timecodes.valid };
}

type Fail = (message: string) => Promise<Response>;

/** The posted form, or the message that refuses it; its declared length is checked before a byte is read. */
async function readImportForm(request: Request): Promise<FormData | string> {
  const declaredLength = Number(request.headers.get("Content-Length"));
  if (!Number.isFinite(declaredLength) || declaredLength <= 0 || declaredLength > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    return declaredLength > 0 ? importStrings.tooLarge : importStrings.noFile;
  }
  try {
    return await request.formData();
  } catch {
    return importStrings.noFile;
  }
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * The uploaded file as text. MyAnimeList hands out its export gzipped, so a gzipped file is unpacked first, never
 * past the same 1 MB (a small archive that unpacks to gigabytes stops there).
 */
async function uploadedText(upload: FormDataEntryValue | null): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (!(upload instanceof Blob) || upload.size === 0) return { ok: false, message: importStrings.noFile };
  if (upload.size > MAX_IMPORT_BYTES) return { ok: false, message: importStrings.tooLarge };
  const bytes = new Uint8Array(await upload.arrayBuffer());
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return { ok: true, text: new TextDecoder().decode(bytes) };
  try {
    return { ok: true, text: new TextDecoder().decode(await gunzipAtMost(bytes, MAX_IMPORT_BYTES)) };
  } catch (error) {
    const tooLarge = error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
    return { ok: false, message: tooLarge ? importStrings.tooLarge : importStrings.notReadable };
  }
}

/** Runs `work` holding the account's import slot of `guard` (one at a time, a few per ten minutes). */
async function claimed(
  args: RequestArgs,
  guard: ImportGuard,
  fail: Fail,
  work: (api: ReturnType<typeof requestApi>) => Promise<Response | ListPreviewData>,
): Promise<Response | ListPreviewData> {
  let release: (() => void) | undefined;
  try {
    const api = requestApi(args);
    const claim = await guard.claim((await api.profile.get()).id);
    if (!claim.granted) return await fail(claim.message);
    release = claim.release;
    return await work(api);
  } catch (error) {
    // An expired session goes to the login page as everywhere else; other failures become a toast (importing again is safe).
    throwIfSignInNeeded(error, args.request);
    logError("data import failed", { error });
    return fail(importStrings.failed);
  } finally {
    release?.();
  }
}

export type ListPreviewData = { listImport: ListPreview };

function previewAnswer(args: RequestArgs, fail: Fail, reading: ListReading): Promise<Response | ListPreviewData> {
  if (!reading.ok) return fail(reading.message);
  return claimed(args, listPreviewGuard, fail, async (api) => ({ listImport: await previewList(api, reading) }));
}

/**
 * The /me/data form: the site's own export file is merged at once; an anime list (MyAnimeList's XML, Shikimori's
 * JSON) is answered with its preview, and the rows the viewer keeps come back as the list confirmation.
 */
export async function importAction(args: RequestArgs, backTo: string): Promise<Response | ListPreviewData> {
  const fail: Fail = (message) => redirectWithToast(backTo, { kind: "error", message }, { status: 303 });
  const succeed = (message: string) => redirectWithToast(backTo, { kind: "success", message }, { status: 303 });
  const form = await readImportForm(args.request);
  if (typeof form === "string") return fail(form);

  if (form.get("intent") === LIST_IMPORT_INTENT) {
    const choices = ListChoicesSchema.safeParse(form.getAll(LIST_CHOICE_FIELD));
    if (!choices.success) return fail(importStrings.badChoices);
    if (choices.data.length === 0) return fail(importStrings.nothingChosen);
    return claimed(args, importGuard, fail, async (api) => succeed(listImportSummary(await importListChoices(api, choices.data))));
  }

  const upload = await uploadedText(form.get("file"));
  if (!upload.ok) return fail(upload.message);
  if (upload.text.trimStart().startsWith("<")) return previewAnswer(args, fail, await readMalXml(upload.text));
  let json: unknown;
  try {
    json = JSON.parse(upload.text);
  } catch {
    return fail(importStrings.notJson);
  }
  if (Array.isArray(json)) return previewAnswer(args, fail, await readShikimoriJson(json));
  if (exceedsImportCaps(json)) return fail(importStrings.tooManyEntries);
  const file = await parseExportFile(json);
  if (!file) return fail(importStrings.wrongFormat);
  return claimed(args, importGuard, fail, async (api) => succeed(importSummary(await importAccountData(api, file))));
}
