// Turns any upstream failure into the Remix response a loader or action throws; the classification (status,
// Russian message, Retry-After) is `classifyUpstreamFailure`'s, this file only presents it as a page.
import { redirect } from "@remix-run/node";
import { NO_STORE_CACHE_CONTROL } from "./http-cache.server";
import { destroySession, getSessionToken, loginRedirectUrl } from "./session.server";
import { classifyUpstreamFailure, endsSession, failureJson } from "./upstream-failure.server";

/**
 * Status and headers `throwRouteError` answers for an error; null when it is not an upstream error. The body
 * is `FailureBody` JSON, except for 404, which carries the spec's "Page not found: {path}" text.
 */
export function routeErrorResponse(error: unknown, request: Request): Response | null {
  const failure = classifyUpstreamFailure(error);
  if (!failure) return null;
  const noStore = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  if (endsSession(failure)) {
    // The session is dead or absent, so forget it and let the user sign in again.
    const headers: Record<string, string> = getSessionToken(request) ? { ...noStore, "Set-Cookie": destroySession() } : noStore;
    return redirect(loginRedirectUrl(request), { headers });
  }
  if (failure.kind === "not-found") {
    const text = `Page not found: ${new URL(request.url).pathname}`;
    return new Response(text, { status: 404, headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return failureJson(failure);
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

/** For code that answers other failures itself (a toast, a hidden block): an ended session still goes to sign-in. */
export function throwIfSignInNeeded(error: unknown, request: Request): void {
  const response = routeErrorResponse(error, request);
  if (response && response.status >= 300 && response.status < 400) throw response;
}

/** Wraps a loader body: `return withRouteErrors(request, async () => …)`. */
export async function withRouteErrors<Value>(request: Request, run: () => Promise<Value>): Promise<Value> {
  try {
    return await run();
  } catch (error) {
    throwRouteError(error, request);
  }
}
