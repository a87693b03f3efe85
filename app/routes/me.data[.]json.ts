// GET /me/data.json: the signed-in user's favorites, collections and progress as one file to keep or import elsewhere.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { requireUser } from "~/.server/session.server";
import { buildExportFile } from "~/features/lists/data-file";
import { loadAccountData } from "~/features/lists/data-transfer.server";

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  const account = await withRouteErrors(request, () => loadAccountData(request));
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
