// Everything one upstream call needs to know about the incoming request.
import { getEnv } from "../env.server";
import { getSessionUser, type SessionUser } from "../session.server";
import type { RequestReads } from "./request-reads";
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
  /** The request's shared account reads (one upstream call each per request); null for work shared between requests. */
  reads: RequestReads | null;
};

export type ApiContextOptions = {
  timeout?: "page" | "optional";
  /** Overrides the session's token (e.g. right after login, before the cookie exists). */
  token?: string | null;
  upstream?: UpstreamTarget;
  mediaOrigin?: string;
  /** The request's session, read once and shared by every context of the request (see handle.ts). */
  session?: () => SessionUser | null;
  /** Shared by every context of the request's handle (see handle.ts). */
  reads?: RequestReads;
};

/** The session cookie read (decrypted) on first need and never again for this request. */
export function sessionOnce(request: Request): () => SessionUser | null {
  let read = false;
  let user: SessionUser | null = null;
  return () => {
    if (!read) {
      user = getSessionUser(request);
      read = true;
    }
    return user;
  };
}

/** The token is read lazily: a call that never needs it (cached references, visitors) never decrypts the cookie. */
export function apiContext(request: Request, options: ApiContextOptions = {}): ApiContext {
  const session = options.session ?? sessionOnce(request);
  const fixedToken = options.token;
  return {
    upstream: options.upstream ?? resolveUpstream(request),
    get token() {
      return fixedToken === undefined ? (session()?.token ?? null) : fixedToken;
    },
    timeoutMs: options.timeout === "optional" ? OPTIONAL_DATA_TIMEOUT_MS : PAGE_DATA_TIMEOUT_MS,
    signal: request.signal,
    mediaOrigin: options.mediaOrigin ?? getEnv().mediaOrigin ?? new URL(request.url).origin,
    forwardedFor: request.headers.get("x-forwarded-for"),
    userAgent: request.headers.get("user-agent"),
    reads: options.reads ?? null,
  };
}

/** For work shared between requests: one visitor leaving must not cancel it for the others. */
export function sharedContext(context: ApiContext): ApiContext {
  // Listed field by field: spreading would read the token, which costs a decryption.
  const { upstream, timeoutMs, mediaOrigin } = context;
  return { upstream, timeoutMs, mediaOrigin, token: null, signal: null, forwardedFor: null, userAgent: null, reads: null };
}
