// The bell's form (decision 0284): a plain POST gets a redirect with a toast, a fetcher gets JSON. Limited per
// address; a visitor's first bell makes their visitor id cookie (at most a few new ids per address an hour).
import { data } from "@remix-run/node";
import { z } from "zod";
import { UpstreamNotFoundError } from "~/.server/api/errors";
import type { RequestArgs } from "~/.server/load-context.server";
import { logError } from "~/.server/log.server";
import { recordEpisodes } from "~/.server/notifications/deliveries.server";
import { setBell, MAX_BELLS_PER_OWNER, type BellChange } from "~/.server/notifications/bells.server";
import { newVisitorId, visitorCookieHeader, visitorIdOf } from "~/.server/notifications/bell-owner.server";
import { clientAddress, createRateLimiter, type RateLimiter } from "~/.server/security/rate-limit.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { routeErrorResponse } from "~/.server/route-errors.server";
import { redirectWithToast } from "~/.server/toast.server";
import { sentByFetcher } from "~/components/fetcher-form";
import { collectionOf } from "~/domain/account";
import { BELL_MODES, type BellActionData, type BellMode, type BellOwner } from "~/domain/episode-bell";
import { releaseTitle } from "~/domain/release";
import { episodesOf } from "./sender.server";
import { bellStrings } from "./strings";

export const BellFormSchema = z.object({
  releaseId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  mode: z.enum(BELL_MODES),
});

/** Toggles per address a minute: a person changes a few; a script is told 429 long before the rows matter. */
export const BELL_TOGGLE_RATE_LIMIT = { name: "bell-toggle", limit: 30, windowMs: 60_000, maxKeys: 10_000 } as const;
/** New visitor ids per address an hour: each is an owner of up to MAX_BELLS_PER_OWNER rows. */
export const NEW_VISITOR_RATE_LIMIT = { name: "bell-visitor", limit: 5, windowMs: 60 * 60_000, maxKeys: 10_000 } as const;

const toggleLimiter: RateLimiter = createRateLimiter(BELL_TOGGLE_RATE_LIMIT);
const newVisitorLimiter: RateLimiter = createRateLimiter(NEW_VISITOR_RATE_LIMIT);

type Outcome = { ok: true; releaseId: number; mode: BellMode } | { ok: false; status: number; message: string };

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

async function changeBell(args: RequestArgs, form: FormData, setCookie: Headers): Promise<Outcome> {
  const { request } = args;
  const { api } = args.context;
  const parsed = BellFormSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) return { ok: false, status: 400, message: bellStrings.badRequest };
  const { releaseId, mode } = parsed.data;
  const address = clientAddress(args.context);
  const limit = await toggleLimiter.hit(address);
  if (!limit.allowed) return { ok: false, status: 429, message: bellStrings.tooFast };
  if (mode === "lists" && !api.signedIn) return { ok: false, status: 400, message: bellStrings.listsNeedsAccount };

  let owner: BellOwner;
  let inLists = false;
  const [release, lists] = await Promise.all([
    api.releases.get(releaseId),
    api.signedIn ? Promise.all([api.profile.get(), api.lists.favoriteIds(), api.lists.collectionIds()]) : null,
  ]);
  if (lists) {
    const [profile, favoriteIds, collections] = lists;
    owner = { kind: "account", accountId: profile.id };
    inLists = favoriteIds.includes(releaseId) || collectionOf(collections, releaseId) !== null;
  } else {
    let visitorId = visitorIdOf(request);
    if (!visitorId) {
      // Turning off a bell that was never on needs no visitor.
      if (mode === "off") return { ok: true, releaseId, mode };
      const fresh = await newVisitorLimiter.hit(address);
      if (!fresh.allowed) return { ok: false, status: 429, message: bellStrings.tooFast };
      visitorId = newVisitorId();
      setCookie.append("Set-Cookie", visitorCookieHeader(visitorId));
    }
    owner = { kind: "visitor", visitorId };
  }
  const change: BellChange = { owner, release: { id: release.id, alias: release.alias, title: releaseTitle(release) }, mode, inLists };
  // One moment for both: the episodes out now are seen no later than the bell, so none is news to its owner.
  const now = Date.now();
  const result = await setBell(change, now);
  if (!result.ok) return { ok: false, status: 409, message: bellStrings.tooMany(MAX_BELLS_PER_OWNER) };
  // The episodes out now are known, not news: only later ones are sent.
  if (mode !== "off") await recordEpisodes(episodesOf(release), now);
  return { ok: true, releaseId, mode };
}

async function failureOf(error: unknown, request: Request): Promise<Outcome> {
  if (error instanceof UpstreamNotFoundError) return { ok: false, status: 404, message: bellStrings.releaseMissing };
  const response = routeErrorResponse(error, request);
  if (!response) {
    logError("bell change failed", { error });
    // The store out of reach (Redis down or full): a moment later it may answer.
    return { ok: false, status: 503, message: bellStrings.failed };
  }
  if (response.status >= 300 && response.status < 400) throw response;
  return { ok: false, status: response.status >= 500 ? 503 : response.status, message: bellStrings.failed };
}

export async function bellAction(args: RequestArgs): Promise<Response | ReturnType<typeof data<BellActionData>>> {
  const form = await readForm(args.request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/");
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  let outcome: Outcome;
  try {
    outcome = await changeBell(args, form, headers);
  } catch (error) {
    if (error instanceof Response) throw error;
    outcome = await failureOf(error, args.request);
  }
  const message = outcome.ok ? bellStrings.changed[outcome.mode] : outcome.message;
  if (sentByFetcher(form)) {
    return outcome.ok
      ? data<BellActionData>({ ok: true, releaseId: outcome.releaseId, mode: outcome.mode, message }, { headers })
      : data<BellActionData>({ ok: false, message }, { status: outcome.status, headers });
  }
  // A refusal is its own status for a plain form too (the error page says why): a script gets a clear 4xx, not a redirect.
  if (!outcome.ok) throw data(message, { status: outcome.status, headers });
  return redirectWithToast(redirectTo, { kind: "success", message }, { status: 303, headers });
}
