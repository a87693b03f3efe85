// The home page poll: the block's data, and the vote action (a plain form gets a redirect with a toast, a
// fetcher gets JSON; either way the home loader then shows the results). Decision 0155.
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { UpstreamUnavailableError } from "~/.server/api/errors";
import type { ApiHandle } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logError } from "~/.server/log.server";
import { optionalData } from "~/.server/optional-data.server";
import { clientKey, createRateLimiter, rateLimitedMessage } from "~/.server/security/rate-limit.server";
import { destroySession, LOGIN_PATH } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { classifyUpstreamFailure, endsSession, failureHeaders } from "~/.server/upstream-failure.server";
import { sentByFetcher } from "~/components/fetcher-form";
import type { Poll } from "~/domain/poll";
import { pollStrings } from "./strings";

export type HomePollData = { poll: Poll; signedIn: boolean };
export type PollVoteAnswer = { ok: boolean; message: string };

/** Where a vote lands without JavaScript: the home page, scrolled to the poll and its results. */
export const POLL_RETURN_PATH = "/#home-poll";
const HOME_PATH = "/";

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const PollVoteFormSchema = z.object({ pollId: positiveId, optionId: positiveId });

/** Votes are cheap to send and each one is an upstream write: ten a minute per client, like sign-in attempts. */
export const POLL_VOTE_RATE_LIMIT = { name: "poll-vote", limit: 10, windowMs: 60_000, maxKeys: 10_000 } as const;
export const pollVoteRateLimiter = createRateLimiter(POLL_VOTE_RATE_LIMIT);

/**
 * The poll as this viewer may see it (visitors: without counts, so their cached page shows nothing that goes
 * stale); null without a poll, or when the upstream has none, is slow or answers something else.
 */
export async function loadHomePoll(api: ApiHandle): Promise<HomePollData | null> {
  const poll = await optionalData("home poll", () => api.optional.polls.current());
  return poll ? { poll, signedIn: api.signedIn } : null;
}

type Outcome = { status: number; message: string; headers?: Record<string, string> };

function loginRedirect(dropSession: boolean): Response {
  const headers = new Headers({ "Cache-Control": NO_STORE_CACHE_CONTROL });
  if (dropSession) headers.append("Set-Cookie", destroySession());
  return redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: HOME_PATH })}`, { status: 303, headers });
}

/** A refused vote (409): say why, as the poll now stands for this user. */
async function conflictOutcome(api: ApiHandle): Promise<Outcome> {
  const poll = await optionalData("poll after a refused vote", () => api.optional.polls.current());
  if (poll?.votedOptionId != null) return { status: 409, message: pollStrings.alreadyVoted };
  if (poll?.isEnded) return { status: 409, message: pollStrings.pollEnded };
  return { status: 409, message: pollStrings.failed };
}

/** The one classification of upstream failures, with the poll's own words where the vote needs them. */
async function failureOutcome(error: unknown, api: ApiHandle): Promise<Outcome> {
  if (error instanceof UpstreamUnavailableError && error.status === 409) return conflictOutcome(api);
  const failure = classifyUpstreamFailure(error);
  if (!failure) {
    logError("poll vote failed", { error });
    return { status: 500, message: pollStrings.failed };
  }
  if (endsSession(failure)) throw loginRedirect(failure.kind === "unauthorized");
  const headers = failureHeaders(failure);
  switch (failure.kind) {
    case "not-found":
      return { status: 404, message: pollStrings.pollGone };
    case "invalid":
      return { status: 422, message: failure.upstreamMessage ?? pollStrings.pickOption };
    case "rate-limited":
      return { status: 429, message: rateLimitedMessage, headers };
    default:
      return { status: failure.status, message: pollStrings.failed, headers };
  }
}

async function voteOutcome(api: ApiHandle, loadContext: unknown, form: FormData): Promise<Outcome> {
  const limit = await pollVoteRateLimiter.hit(clientKey(loadContext));
  if (!limit.allowed) return { status: 429, message: rateLimitedMessage, headers: { "Retry-After": String(limit.retryAfterSeconds) } };
  const parsed = PollVoteFormSchema.safeParse({ pollId: form.get("pollId") ?? undefined, optionId: form.get("optionId") ?? undefined });
  if (!parsed.success) return { status: 400, message: pollStrings.pickOption };
  try {
    await api.polls.vote(parsed.data.pollId, parsed.data.optionId);
    return { status: 200, message: pollStrings.voted };
  } catch (error) {
    return failureOutcome(error, api);
  }
}

export async function pollVoteAction(args: RequestArgs): Promise<Response | ReturnType<typeof data<PollVoteAnswer>>> {
  const { request, context: loadContext } = args;
  const { api } = args.context;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  if (!api.signedIn) throw loginRedirect(false);
  const outcome = await voteOutcome(api, loadContext, form);
  const ok = outcome.status === 200;
  const headers = { "Cache-Control": NO_STORE_CACHE_CONTROL, ...outcome.headers };
  if (sentByFetcher(form)) return data<PollVoteAnswer>({ ok, message: outcome.message }, { status: outcome.status, headers });
  return redirectWithToast(POLL_RETURN_PATH, { kind: ok ? "success" : "error", message: outcome.message }, { status: 303, headers });
}
