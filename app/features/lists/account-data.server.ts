// The "your data" page and its export file (/me/data/, /me/data.json): signed-in only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { buildExportFile } from "./data-file";
import { importAction } from "./data-import.server";
import { loadAccountData } from "./data-transfer.server";
import { DATA_PATH } from "./list-filters";

export function dataPageLoader(args: LoaderFunctionArgs) {
  args.context.api.requireUser(args.request);
  return null;
}

export function dataPageAction(args: ActionFunctionArgs) {
  args.context.api.requireUser(args.request);
  return importAction(args, DATA_PATH);
}

export async function exportFileLoader(args: LoaderFunctionArgs) {
  const { api } = args.context;
  api.requireUser(args.request);
  const account = await withRouteErrors(args.request, () => loadAccountData(api));
  const now = new Date();
  const file = buildExportFile(account, now);
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="anilibria-export-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": NO_STORE_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
    },
  });
}
