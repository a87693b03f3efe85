// The import form's action: a multipart upload of an export file, validated, merged into the account, answered with a toast.
import type { z } from "zod";
import type { RequestArgs } from "~/.server/load-context.server";
import { nextTurn } from "~/.server/event-loop.server";
import { logError } from "~/.server/log.server";
import { routeErrorResponse } from "~/.server/route-errors.server";
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

/** Entries validated per turn of the event loop: 20,000 at once held a worker for 0.3–0.6 s on a busy machine. */
const ENTRIES_PER_TURN = 1_000;

async function validInTurns<Schema extends z.ZodTypeAny>(schema: Schema, entries: unknown[]): Promise<z.output<Schema>[] | null> {
  const valid: z.output<Schema>[] = [];
  for (let start = 0; start < entries.length; start += ENTRIES_PER_TURN) {
    await nextTurn();
    for (const entry of entries.slice(start, start + ENTRIES_PER_TURN)) {
      const parsed = schema.safeParse(entry);
      if (!parsed.success) return null;
      valid.push(parsed.data);
    }
  }
  return valid;
}

/** The file as ExportFileSchema reads it (null where it refuses), its entries checked a slice per turn. */
export async function parseExportFile(json: unknown): Promise<ExportFile | null> {
  const envelope = ExportEnvelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const favorites = await validInTurns(ExportEntrySchemas.favorites, envelope.data.favorites);
  const collections = await validInTurns(ExportEntrySchemas.collections, envelope.data.collections);
  const timecodes = await validInTurns(ExportEntrySchemas.timecodes, envelope.data.timecodes);
  if (!favorites || !collections || !timecodes) return null;
  return { ...envelope.data, favorites, collections, timecodes };
}

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
  const file = await parseExportFile(json);
  if (!file) return fail(importStrings.wrongFormat);

  let release: (() => void) | undefined;
  try {
    const { api } = args.context;
    const claim = await importGuard.claim((await api.profile.get()).id);
    if (!claim.granted) return fail(claim.message);
    release = claim.release;
    const outcome = await importAccountData(api, file);
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
