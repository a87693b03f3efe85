// Everything one upstream call needs to know about the incoming request.
import { getEnv } from "../env.server";
import { getSessionToken } from "../session.server";
import { resolveUpstream, type UpstreamTarget } from "./transport";

/** Spec'd budgets: data a page cannot render without, and data it can do without. */
export const PAGE_DATA_TIMEOUT_MS = 5_000;
export const OPTIONAL_DATA_TIMEOUT_MS = 2_000;

export type ApiContext = {
  upstream: UpstreamTarget;
  /** Upstream token of the signed-in user; null for visitors. */
  token: string | null;
  /** The whole call's budget, retry included. */
  timeoutMs: number;
  /** The incoming request's signal (client gone → stop); null for shared work such as cached references. */
  signal: AbortSignal | null;
  /** Origin that relative `/storage/...` media paths are resolved against. */
  mediaOrigin: string;
  /** Forwarded so the upstream sees the visitor, not us (location, rate limits, the sessions list). */
  forwardedFor: string | null;
  userAgent: string | null;
};

export type ApiContextOptions = {
  timeout?: "page" | "optional";
  /** Overrides the session's token (e.g. right after login, before the cookie exists). */
  token?: string | null;
  upstream?: UpstreamTarget;
  mediaOrigin?: string;
};

export function apiContext(request: Request, options: ApiContextOptions = {}): ApiContext {
  return {
    upstream: options.upstream ?? resolveUpstream(request),
    token: options.token === undefined ? getSessionToken(request) : options.token,
    timeoutMs: options.timeout === "optional" ? OPTIONAL_DATA_TIMEOUT_MS : PAGE_DATA_TIMEOUT_MS,
    signal: request.signal,
    mediaOrigin: options.mediaOrigin ?? getEnv().mediaOrigin ?? new URL(request.url).origin,
    forwardedFor: request.headers.get("x-forwarded-for"),
    userAgent: request.headers.get("user-agent"),
  };
}

/** API functions accept the incoming request directly (page-data defaults) or a prepared context. */
export type ApiCaller = Request | ApiContext;

function isApiContext(caller: ApiCaller): caller is ApiContext {
  return "upstream" in caller && "timeoutMs" in caller;
}

export function toApiContext(caller: ApiCaller): ApiContext {
  return isApiContext(caller) ? caller : apiContext(caller);
}

/** For work shared between requests: one visitor leaving must not cancel it for the others. */
export function sharedContext(context: ApiContext): ApiContext {
  return { ...context, token: null, signal: null, forwardedFor: null, userAgent: null };
}
