// The favorites and collection actions (docs/product.md#states): plain forms get a redirect with a toast, fetchers get JSON.
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { ApiHandle } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { logError } from "~/.server/log.server";
import { routeErrorResponse } from "~/.server/route-errors.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { destroySession, LOGIN_PATH } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { sentByFetcher } from "~/components/fetcher-form";
import { COLLECTION_TYPES, collectionOf } from "~/domain/account";
import { followListChange } from "~/.server/notifications/follow-list-change.server";
import { collectionChange, knownCollectionType } from "./list-changes";
import type { ListActionData } from "./shown-state";
import { listActionStrings } from "./action-strings";
import { collectionLabels } from "./collection-labels";

const releaseIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const FavoriteFormSchema = z.object({
  releaseId: releaseIdSchema,
  change: z.enum(["add", "remove"]),
});

export const CollectionFormSchema = z.object({
  releaseId: releaseIdSchema,
  type: z.enum(COLLECTION_TYPES),
  /** The collection the page showed the release in when it was clicked; empty for none. */
  current: z
    .union([z.enum(COLLECTION_TYPES), z.literal("")])
    .optional()
    .transform((value) => value || null),
});

type ListActionResult = Response | ReturnType<typeof data<ListActionData>>;

type Outcome = { ok: true; answer: ListActionData } | { ok: false; status: number; message: string };

function formFields(form: FormData): Record<string, FormDataEntryValue> {
  return Object.fromEntries(form.entries());
}

function loginRedirect(redirectTo: string, dropSession: boolean): Response {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (dropSession) headers.append("Set-Cookie", destroySession());
  return redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`, { headers });
}

/** An upstream failure as a status and a Russian message; a dead session becomes the login redirect. */
async function failureOf(error: unknown, request: Request, api: ApiHandle, redirectTo: string): Promise<Outcome> {
  const response = routeErrorResponse(error, request);
  if (!response) {
    logError("list change failed", { error });
    return { ok: false, status: 500, message: listActionStrings.failed };
  }
  if (response.status >= 300 && response.status < 400) throw loginRedirect(redirectTo, api.signedIn);
  if (response.status === 404) return { ok: false, status: 404, message: listActionStrings.releaseMissing };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return { ok: false, status: response.status, message: typeof body?.message === "string" ? body.message : listActionStrings.failed };
}

async function runListAction(args: RequestArgs, change: (form: FormData, api: ApiHandle) => Promise<Outcome>): Promise<ListActionResult> {
  const { request } = args;
  const { api } = args.context;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/");
  const fromFetcher = sentByFetcher(form);
  if (!api.signedIn) throw loginRedirect(redirectTo, false);

  let outcome: Outcome;
  try {
    outcome = await change(form, api);
    if (outcome.ok && "releaseId" in outcome.answer) await followListChange(api, outcome.answer.releaseId);
  } catch (error) {
    if (error instanceof Response) throw error;
    outcome = await failureOf(error, request, api, redirectTo);
  }

  const noStore = { "Cache-Control": "private, no-store" };
  if (fromFetcher) {
    return outcome.ok
      ? data<ListActionData>(outcome.answer, { headers: noStore })
      : data<ListActionData>({ ok: false, message: outcome.message }, { status: outcome.status, headers: noStore });
  }
  const message = outcome.ok ? outcome.answer.message : outcome.message;
  return redirectWithToast(redirectTo, { kind: outcome.ok ? "success" : "error", message }, { status: 303, headers: noStore });
}

export function favoritesAction(args: RequestArgs): Promise<ListActionResult> {
  return runListAction(args, async (form, api) => {
    const parsed = FavoriteFormSchema.safeParse(formFields(form));
    if (!parsed.success) return { ok: false, status: 400, message: listActionStrings.badRequest };
    const { releaseId, change } = parsed.data;
    const ids = change === "add" ? await api.lists.addFavorites([releaseId]) : await api.lists.removeFavorites([releaseId]);
    const isFavorite = ids.includes(releaseId);
    return {
      ok: true,
      answer: {
        ok: true,
        releaseId,
        isFavorite,
        message: isFavorite ? listActionStrings.favoriteAdded : listActionStrings.favoriteRemoved,
      },
    };
  });
}

export function collectionsAction(args: RequestArgs): Promise<ListActionResult> {
  return runListAction(args, async (form, api) => {
    const parsed = CollectionFormSchema.safeParse(formFields(form));
    if (!parsed.success) return { ok: false, status: 400, message: listActionStrings.badRequest };
    const { releaseId, type, current } = parsed.data;
    const change = collectionChange(current, type);
    const entries =
      change.kind === "remove"
        ? await api.lists.removeFromCollection([releaseId])
        : await api.lists.addToCollection([{ releaseId, type: change.type }]);
    const collection = knownCollectionType(collectionOf(entries, releaseId));
    const label = collectionLabels[change.type];
    const message =
      change.kind === "add"
        ? listActionStrings.collectionAdded(label)
        : change.kind === "move"
          ? listActionStrings.collectionMoved(label)
          : listActionStrings.collectionRemoved(label);
    // The upstream's answer is the truth for the state; the message follows the change that was asked for.
    return { ok: true, answer: { ok: true, releaseId, collection, message } };
  });
}
