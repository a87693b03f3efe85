// Typed failures of upstream calls; routes turn them into responses with `throwRouteError`.

export type UpstreamCall = { method: string; path: string };

export abstract class UpstreamError extends Error {
  abstract readonly kind: string;
  readonly method: string;
  readonly path: string;
  /** The upstream's HTTP status, when it answered at all. */
  readonly status: number | null;

  constructor(message: string, call: UpstreamCall, status: number | null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.method = call.method;
    this.path = call.path;
    this.status = status;
  }
}

/** Unreachable, too slow, or answered 5xx. */
export class UpstreamUnavailableError extends UpstreamError {
  readonly kind = "unavailable";
  readonly reason: "network" | "timeout" | "status";
  constructor(call: UpstreamCall, reason: "network" | "timeout" | "status", status: number | null = null, options?: { cause?: unknown }) {
    super(`Upstream ${call.method} ${call.path} unavailable (${reason}${status ? ` ${status}` : ""})`, call, status, options);
    this.reason = reason;
  }
}

export class UpstreamNotFoundError extends UpstreamError {
  readonly kind = "not-found";
  constructor(call: UpstreamCall) {
    super(`Upstream ${call.method} ${call.path}: not found`, call, 404);
  }
}

/** 422 (or 400) with Laravel-style field errors. */
export class UpstreamValidationError extends UpstreamError {
  readonly kind = "validation";
  readonly fieldErrors: Record<string, string[]>;
  /** The upstream's own message, shown to the user as is (it is Russian on the live server). */
  readonly upstreamMessage: string | null;
  constructor(call: UpstreamCall, status: number, upstreamMessage: string | null, fieldErrors: Record<string, string[]>) {
    super(
      `Upstream ${call.method} ${call.path}: validation failed (${status})${upstreamMessage ? `: ${upstreamMessage}` : ""}`,
      call,
      status,
    );
    this.upstreamMessage = upstreamMessage;
    this.fieldErrors = fieldErrors;
  }
}

/** 401: bad credentials on login, or an expired token (the session must be dropped). */
export class UpstreamUnauthorizedError extends UpstreamError {
  readonly kind = "unauthorized";
  readonly upstreamMessage: string | null;
  constructor(call: UpstreamCall, upstreamMessage: string | null) {
    super(`Upstream ${call.method} ${call.path}: unauthorized`, call, 401);
    this.upstreamMessage = upstreamMessage;
  }
}

/** 403: protected endpoint without a token, or not allowed for this user. */
export class UpstreamForbiddenError extends UpstreamError {
  readonly kind = "forbidden";
  constructor(call: UpstreamCall) {
    super(`Upstream ${call.method} ${call.path}: forbidden`, call, 403);
  }
}

export class UpstreamRateLimitedError extends UpstreamError {
  readonly kind = "rate-limited";
  /** Seconds the upstream asked us to wait, when it said. */
  readonly retryAfterSeconds: number | null;
  constructor(call: UpstreamCall, retryAfterSeconds: number | null) {
    super(`Upstream ${call.method} ${call.path}: rate limited`, call, 429);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Answered, but not in a shape we understand: bad JSON, a schema mismatch, or an unexpected status. */
export class UpstreamMalformedError extends UpstreamError {
  readonly kind = "malformed";
  readonly issues: string[];
  constructor(call: UpstreamCall, status: number | null, detail: string, issues: string[] = [], options?: { cause?: unknown }) {
    super(`Upstream ${call.method} ${call.path}: ${detail}`, call, status, options);
    this.issues = issues;
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}
