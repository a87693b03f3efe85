// The one classification of upstream failures (docs/decisions/0165): what kind of failure it is, the
// status our answer carries, the Russian message and how long to wait. Error pages (route-errors), form
// answers (form-action) and the API proxy present it in their own way, but decide nothing of their own.
import {
  UpstreamForbiddenError,
  UpstreamMalformedError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
  UpstreamValidationError,
} from "./api/errors";
import { NO_STORE_CACHE_CONTROL, RETRY_AFTER_SECONDS } from "./http-cache.server";
import { serverStrings } from "./strings";

export type UpstreamFailureKind = "unauthorized" | "forbidden" | "not-found" | "invalid" | "rate-limited" | "unavailable" | "bad-answer";

export type UpstreamFailure = {
  kind: UpstreamFailureKind;
  /** The status of our answer: the upstream's own for 4xx it owns, 502/503 when it failed us. */
  status: number;
  /** For the visitor, in Russian: the upstream's own message where it sent one (it is Russian on the live server). */
  message: string;
  /** The upstream's own message, when it sent one (401 and 422 answers). */
  upstreamMessage: string | null;
  /** Laravel-style field errors of a 422 answer; empty otherwise. */
  fieldErrors: Record<string, string[]>;
  /** Seconds to wait before trying again, when waiting helps. */
  retryAfterSeconds: number | null;
};

function failure(kind: UpstreamFailureKind, status: number, message: string, extra: Partial<UpstreamFailure> = {}): UpstreamFailure {
  return { kind, status, message, upstreamMessage: null, fieldErrors: {}, retryAfterSeconds: null, ...extra };
}

/** The failure an upstream error stands for; null for anything that is not an upstream error. */
export function classifyUpstreamFailure(error: unknown): UpstreamFailure | null {
  if (error instanceof UpstreamUnauthorizedError) {
    return failure("unauthorized", 401, error.upstreamMessage ?? serverStrings.forbidden, { upstreamMessage: error.upstreamMessage });
  }
  // 403 on an account call is also the embedded API's answer to a revoked token (the live one answers 401).
  if (error instanceof UpstreamForbiddenError) return failure("forbidden", 403, serverStrings.forbidden);
  if (error instanceof UpstreamNotFoundError) return failure("not-found", 404, serverStrings.notFound);
  if (error instanceof UpstreamValidationError) {
    return failure("invalid", 400, error.upstreamMessage ?? serverStrings.badRequest, {
      upstreamMessage: error.upstreamMessage,
      fieldErrors: error.fieldErrors,
    });
  }
  // The visitor did nothing wrong: the upstream asked us to slow down, so the page is unavailable for now.
  if (error instanceof UpstreamRateLimitedError) {
    return failure("rate-limited", 503, serverStrings.upstreamRateLimited, {
      retryAfterSeconds: error.retryAfterSeconds ?? RETRY_AFTER_SECONDS,
    });
  }
  if (error instanceof UpstreamUnavailableError) {
    // An answer with 5xx is a bad gateway; no answer at all, a service unavailable.
    return failure("unavailable", error.reason === "status" ? 502 : 503, serverStrings.upstreamUnavailable, {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
  if (error instanceof UpstreamMalformedError) return failure("bad-answer", 502, serverStrings.upstreamBadAnswer);
  return null;
}

/** The session is over (401, or 403 on an account call): signed-in pages and forms send the user to sign in. */
export function endsSession(failure: UpstreamFailure): boolean {
  return failure.kind === "unauthorized" || failure.kind === "forbidden";
}

/** The upstream does not have this call at all (404 Not Found or 405 Method Not Allowed): calls beyond the document. */
export function isUnsupportedCall(error: unknown): boolean {
  return error instanceof UpstreamNotFoundError || (error instanceof UpstreamMalformedError && error.status === 405);
}

/** Never cached; `Retry-After` when waiting helps. */
export function failureHeaders(failure: UpstreamFailure): Record<string, string> {
  const headers: Record<string, string> = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  if (failure.retryAfterSeconds !== null) headers["Retry-After"] = String(failure.retryAfterSeconds);
  return headers;
}

/** The JSON body of an error answer: `{ message }`, with the field errors of a 422. */
export type FailureBody = { message: string; fieldErrors?: Record<string, string[]> };

/** The failure as a JSON answer (the error page reads it as the thrown response's data; the proxy sends it). */
export function failureJson(failure: UpstreamFailure): Response {
  const body: FailureBody =
    failure.kind === "invalid" ? { message: failure.message, fieldErrors: failure.fieldErrors } : { message: failure.message };
  return Response.json(body, { status: failure.status, headers: failureHeaders(failure) });
}
