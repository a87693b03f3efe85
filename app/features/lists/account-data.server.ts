// The "your data" page and its export files (/me/data/, /me/data.json, /me/data.xml): signed-in only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { throwIfSignInNeeded, withRouteErrors } from "~/.server/route-errors.server";
import { buildExportFile } from "./data-file";
import { importAction } from "./data-import.server";
import { loadAccountData } from "./data-transfer.server";
import { buildListExport, splitCollections } from "./list-export.server";
import { DATA_PATH } from "./list-filters";

/** The page lists the collections' releases the MyAnimeList file cannot carry; without the upstream, it says nothing. */
export async function dataPageLoader(args: LoaderFunctionArgs) {
  const { api } = args.context;
  api.requireUser(args.request);
  try {
    return { notExportable: (await splitCollections(api)).notExportable };
  } catch (error) {
    throwIfSignInNeeded(error, args.request);
    logWarn("data page: the collections could not be split for the MyAnimeList file", { error });
    return { notExportable: null };
  }
}

export function dataPageAction(args: ActionFunctionArgs) {
  args.context.api.requireUser(args.request);
  return importAction(args, DATA_PATH);
}

export async function listExportLoader(args: LoaderFunctionArgs) {
  const { api } = args.context;
  api.requireUser(args.request);
  const xml = await withRouteErrors(args.request, () => buildListExport(api));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="animelist-${new Date().toISOString().slice(0, 10)}.xml"`,
      "Cache-Control": NO_STORE_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
    },
  });
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
