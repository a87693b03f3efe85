// The import form's action: a multipart upload of an export file or an anime list, validated, merged into the account
// (a list after its preview), answered with a toast.
import { promisify } from "node:util";
import { data } from "@remix-run/node";
import { gunzip } from "node:zlib";
import type { ApiHandle } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { logError } from "~/.server/log.server";
import { throwIfSignInNeeded } from "~/.server/route-errors.server";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { clientKey } from "~/.server/security/rate-limit.server";
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
import { importGuard, importGuardStrings, listPreviewGuard, uploadGuards, type ImportGuard } from "./import-guard.server";
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

/** A refused upload: its message is shown on the page above the form, with a status that says what was wrong. */
type Refusal = { message: string; status: 400 | 409 | 413 | 422 | 429 | 502; retryAfterSeconds?: number };

export type ImportRefusalData = { importError: string };
export type ListPreviewData = { listImport: ListPreview };

function refuse({ message, status, retryAfterSeconds }: Refusal) {
  const retryAfter: Record<string, string> = retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) };
  return data<ImportRefusalData>({ importError: message }, { status, headers: { "Cache-Control": NO_STORE_CACHE_CONTROL, ...retryAfter } });
}

/** Why a body of this declared length is refused unread, or null. */
function declaredLengthRefusal(request: Request): Refusal | null {
  const declaredLength = Number(request.headers.get("Content-Length"));
  if (!Number.isFinite(declaredLength) || declaredLength <= 0 || declaredLength > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    return declaredLength > 0 ? { message: importStrings.tooLarge, status: 413 } : { message: importStrings.noFile, status: 400 };
  }
  return null;
}

type Admission = { accountId: number; release: () => void };

/**
 * The account that may post now, asked before a byte of the body is read (decision 0281): the client's address within
 * its posts of the last ten minutes, then the account, one post at a time and within its own. Held until the answer.
 */
async function admitUpload(args: RequestArgs): Promise<Admission | Refusal> {
  const byAddress = await uploadGuards.address.hit(clientKey(args.context));
  if (!byAddress.allowed) {
    const { retryAfterSeconds } = byAddress;
    return { message: importGuardStrings.uploadsLimited(retryAfterSeconds), status: 429, retryAfterSeconds };
  }
  const accountId = (await args.context.api.profile.get()).id;
  const claim = await uploadGuards.account.claim(accountId);
  if (claim.granted) return { accountId, release: claim.release };
  if (claim.reason === "busy") return { message: claim.message, status: 409 };
  return { message: claim.message, status: 429, retryAfterSeconds: claim.retryAfterSeconds };
}

/** The posted form, or why it is refused. */
async function readImportForm(request: Request): Promise<FormData | Refusal> {
  try {
    return await request.formData();
  } catch {
    return { message: importStrings.noFile, status: 400 };
  }
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * The uploaded file as text. MyAnimeList hands out its export gzipped, so a gzipped file is unpacked first, never
 * past the same 1 MB (a small archive that unpacks to gigabytes stops there).
 */
async function uploadedText(upload: FormDataEntryValue | null): Promise<string | Refusal> {
  if (!(upload instanceof Blob) || upload.size === 0) return { message: importStrings.noFile, status: 400 };
  if (upload.size > MAX_IMPORT_BYTES) return { message: importStrings.tooLarge, status: 413 };
  const bytes = new Uint8Array(await upload.arrayBuffer());
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return new TextDecoder().decode(bytes);
  try {
    return new TextDecoder().decode(await gunzipAtMost(bytes, MAX_IMPORT_BYTES));
  } catch (error) {
    const tooLarge = error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
    return tooLarge ? { message: importStrings.tooLarge, status: 413 } : { message: importStrings.notReadable, status: 422 };
  }
}

/** An upstream failure of the import: an expired session goes to sign in as everywhere else, others are said on the page. */
function failedImport(error: unknown, request: Request) {
  throwIfSignInNeeded(error, request);
  logError("data import failed", { error });
  return refuse({ message: importStrings.failed, status: 502 });
}

/** Runs `work` holding the account's import slot of `guard` (one at a time, a few per ten minutes). */
async function claimed<Answer>(args: RequestArgs, accountId: number, guard: ImportGuard, work: (api: ApiHandle) => Promise<Answer>) {
  let release: (() => void) | undefined;
  try {
    const { api } = args.context;
    const claim = await guard.claim(accountId);
    if (!claim.granted) return refuse({ message: claim.message, status: claim.reason === "busy" ? 409 : 429 });
    release = claim.release;
    return await work(api);
  } catch (error) {
    // Importing again is safe.
    return failedImport(error, args.request);
  } finally {
    release?.();
  }
}

function previewAnswer(args: RequestArgs, accountId: number, reading: ListReading) {
  if (!reading.ok) return refuse({ message: reading.message, status: 422 });
  return claimed(args, accountId, listPreviewGuard, async (api): Promise<ListPreviewData> => ({
    listImport: await previewList(api, reading),
  }));
}

const isRefusal = (value: unknown): value is Refusal => typeof value === "object" && value !== null && "status" in value;

/**
 * The /me/data form: the site's own export file is merged at once; an anime list (MyAnimeList's XML, Shikimori's
 * JSON) is answered with its preview, and the rows the viewer keeps come back as the list confirmation. A refused
 * upload is answered with a 4xx and its message on the page; nothing is written then.
 */
export async function importAction(args: RequestArgs, backTo: string) {
  const succeed = (message: string) => redirectWithToast(backTo, { kind: "success", message }, { status: 303 });
  const unread = declaredLengthRefusal(args.request);
  if (unread) return refuse(unread);
  let admission: Admission | Refusal;
  try {
    admission = await admitUpload(args);
  } catch (error) {
    return failedImport(error, args.request);
  }
  if (isRefusal(admission)) return refuse(admission);
  try {
    return await importUpload(args, admission.accountId, succeed);
  } finally {
    admission.release();
  }
}

/** The admitted post: its form read, then the list previewed or the confirmed rows or the export file imported. */
async function importUpload(args: RequestArgs, accountId: number, succeed: (message: string) => Promise<Response> | Response) {
  const form = await readImportForm(args.request);
  if (isRefusal(form)) return refuse(form);

  if (form.get("intent") === LIST_IMPORT_INTENT) {
    const choices = ListChoicesSchema.safeParse(form.getAll(LIST_CHOICE_FIELD));
    if (!choices.success) return refuse({ message: importStrings.badChoices, status: 400 });
    if (choices.data.length === 0) return refuse({ message: importStrings.nothingChosen, status: 400 });
    return claimed(args, accountId, importGuard, async (api) => succeed(listImportSummary(await importListChoices(api, choices.data))));
  }

  const text = await uploadedText(form.get("file"));
  if (isRefusal(text)) return refuse(text);
  if (text.trimStart().startsWith("<")) return previewAnswer(args, accountId, await readMalXml(text));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse({ message: importStrings.notJson, status: 422 });
  }
  if (Array.isArray(json)) return previewAnswer(args, accountId, await readShikimoriJson(json));
  if (exceedsImportCaps(json)) return refuse({ message: importStrings.tooManyEntries, status: 413 });
  const file = await parseExportFile(json);
  if (!file) return refuse({ message: importStrings.wrongFormat, status: 422 });
  return claimed(args, accountId, importGuard, async (api) => succeed(importSummary(await importAccountData(api, file))));
}
