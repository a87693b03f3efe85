// The import form's action: a multipart upload of an export file, validated, merged into the account, answered with a toast.
import { requestApi, type RequestArgs } from "~/.server/api/handle";
import { logError } from "~/.server/log.server";
import { routeErrorResponse } from "~/.server/route-errors.server";
import { redirectWithToast } from "~/.server/toast.server";
import { exceedsImportCaps, ExportFileSchema, importSummary, MAX_IMPORT_BYTES, tooManyEntriesMessage } from "./data-file";
import { importAccountData } from "./data-transfer.server";
import { importGuard } from "./import-guard.server";

/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const importStrings = {
  tooLarge: "Файл слишком большой: можно загрузить до 1 МБ.",
  noFile: "Выберите файл экспорта (.json).",
  notJson: "Это не файл экспорта: не удалось прочитать JSON.",
  wrongFormat: "Это не файл экспорта AniLibria или его версия не поддерживается.",
  tooManyEntries: tooManyEntriesMessage,
  failed: "Не удалось завершить импорт: сайт не ответил. Часть данных могла сохраниться — загрузите файл ещё раз.",
} as const;

export async function importAction(args: RequestArgs, backTo: string): Promise<Response> {
  const { request } = args;
  const fail = (message: string) => redirectWithToast(backTo, { kind: "error", message }, { status: 303 });
  const declaredLength = Number(request.headers.get("Content-Length"));
  // A length is required so an oversized body is refused before it is read.
  if (!Number.isFinite(declaredLength) || declaredLength <= 0 || declaredLength > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES) {
    return fail(declaredLength > 0 ? importStrings.tooLarge : importStrings.noFile);
  }
  let upload: FormDataEntryValue | null;
  try {
    upload = (await request.formData()).get("file");
  } catch {
    return fail(importStrings.noFile);
  }
  if (!(upload instanceof Blob) || upload.size === 0) return fail(importStrings.noFile);
  if (upload.size > MAX_IMPORT_BYTES) return fail(importStrings.tooLarge);

  let json: unknown;
  try {
    json = JSON.parse(await upload.text());
  } catch {
    return fail(importStrings.notJson);
  }
  if (exceedsImportCaps(json)) return fail(importStrings.tooManyEntries);
  const parsed = ExportFileSchema.safeParse(json);
  if (!parsed.success) return fail(importStrings.wrongFormat);

  let release: (() => void) | undefined;
  try {
    const api = requestApi(args);
    const claim = await importGuard.claim((await api.profile.get()).id);
    if (!claim.granted) return fail(claim.message);
    release = claim.release;
    const outcome = await importAccountData(api, parsed.data);
    return redirectWithToast(backTo, { kind: "success", message: importSummary(outcome) }, { status: 303 });
  } catch (error) {
    const response = routeErrorResponse(error, request);
    // An expired session goes to the login page as everywhere else; other failures become a toast (importing again is safe).
    if (response && response.status >= 300 && response.status < 400) throw response;
    logError("data import failed", { error });
    return fail(importStrings.failed);
  } finally {
    release?.();
  }
}
