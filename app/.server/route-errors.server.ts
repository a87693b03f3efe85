// Turns any upstream failure into the Remix response a loader or action throws (status + Russian message).
import { redirect } from "@remix-run/node";
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
import { destroySession, getSessionToken, loginRedirectUrl } from "./session.server";
import { serverStrings } from "./strings";

/** The body of a thrown error response other than 404 (404 carries the spec's "Page not found: {path}" text). */
export type RouteErrorData = { message: string; fieldErrors?: Record<string, string[]> };

/** Status and headers `throwRouteError` answers for an error; null when it is not an upstream error. */
export function routeErrorResponse(error: unknown, request: Request): Response | null {
  const noStore = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  const path = new URL(request.url).pathname;

  if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamForbiddenError) {
    // 401, or 403 on an account call (the embedded API's answer to a revoked token): the session is dead
    // or absent, so forget it and let the user sign in again.
    const headers: Record<string, string> = getSessionToken(request) ? { ...noStore, "Set-Cookie": destroySession() } : noStore;
    return redirect(loginRedirectUrl(request), { headers });
  }
  if (error instanceof UpstreamNotFoundError) {
    return textError(404, `Page not found: ${path}`, noStore);
  }
  if (error instanceof UpstreamValidationError) {
    return jsonError(400, { message: error.upstreamMessage ?? serverStrings.badRequest, fieldErrors: error.fieldErrors }, noStore);
  }
  if (error instanceof UpstreamRateLimitedError) {
    const retryAfter = String(error.retryAfterSeconds ?? RETRY_AFTER_SECONDS);
    return jsonError(503, { message: serverStrings.upstreamRateLimited }, { ...noStore, "Retry-After": retryAfter });
  }
  if (error instanceof UpstreamUnavailableError) {
    // An answer with 5xx is a bad gateway; no answer at all, a service unavailable.
    const status = error.reason === "status" ? 502 : 503;
    return jsonError(status, { message: serverStrings.upstreamUnavailable }, { ...noStore, "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  if (error instanceof UpstreamMalformedError) {
    return jsonError(502, { message: serverStrings.upstreamBadAnswer }, noStore);
  }
  return null;
}

function jsonError(status: number, body: RouteErrorData, headers: Record<string, string>): Response {
  return Response.json(body, { status, headers });
}

function textError(status: number, text: string, headers: Record<string, string>): Response {
  return new Response(text, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * For loaders and actions: `catch (error) { throwRouteError(error, request) }`. Upstream errors become the
 * matching error response (401 → session dropped + login redirect); Responses and anything else are rethrown.
 */
export function throwRouteError(error: unknown, request: Request): never {
  if (error instanceof Response) throw error;
  // Remix renders a thrown Response in the nearest ErrorBoundary (status + parsed body), or follows a redirect.
  throw routeErrorResponse(error, request) ?? error;
}

/** Wraps a loader body: `return withRouteErrors(request, async () => …)`. */
export async function withRouteErrors<Value>(request: Request, run: () => Promise<Value>): Promise<Value> {
  try {
    return await run();
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** For form actions: the upstream's field errors to show beside the inputs, or null for other errors. */
export function validationFailure(error: unknown): RouteErrorData | null {
  if (!(error instanceof UpstreamValidationError)) return null;
  return { message: error.upstreamMessage ?? serverStrings.badRequest, fieldErrors: error.fieldErrors };
}
