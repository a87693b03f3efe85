// The one way to call the upstream: deadline, abort, one retry of idempotent calls (on the next healthy mirror), typed errors, zod.
import type { z } from "zod/v4";
import { logWarn } from "../log.server";
import { isRedirectStatus, OutboundRefusedError } from "../outbound-fetch.server";
import type { ApiContext } from "./context";
import { inProcessJsonValue, type TransportOptions } from "./transport";
import type { HostBreaker, HostOutcome } from "./upstream-hosts";
import {
  UpstreamForbiddenError,
  UpstreamMalformedError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
  UpstreamValidationError,
  type UpstreamCall,
  type UpstreamError,
} from "./errors";

/** docs/product.md#constants: idempotent calls are retried once on these; POST, PUT, PATCH and DELETE never. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
/** A longer `Retry-After` would blow the page budget: fail fast instead. */
export const MAX_RETRY_AFTER_MS = 2_000;
const DEFAULT_RETRY_DELAY_MS = 100;

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type UpstreamRequest = {
  method?: HttpMethod;
  /** Below `/api/v1`, starting with `/`; dynamic segments already encoded. */
  path: string;
  /** Arrays are sent comma-joined (docs/product.md#validation); empty values are left out. */
  query?: Record<string, QueryValue> | URLSearchParams;
  /** Serialized as JSON unless already a string or a multipart `FormData` (file uploads). */
  body?: unknown;
  headers?: Record<string, string>;
};

export function buildQuery(query: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(","));
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}

/** Any base: a shared read's key needs the path and query only. */
const READ_KEY_BASE = "http://read";

function upstreamUrl(baseUrl: string, call: UpstreamRequest): string {
  const url = new URL(`${baseUrl}${call.path}`);
  const params = call.query instanceof URLSearchParams ? call.query : buildQuery(call.query ?? {});
  for (const [key, value] of params) url.searchParams.append(key, value);
  return url.toString();
}

function upstreamHeaders(context: ApiContext, call: UpstreamRequest, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: "application/json", ...call.headers });
  if (hasBody && !headers.has("content-type")) headers.set("Content-Type", "application/json");
  if (context.token) headers.set("Authorization", `Bearer ${context.token}`);
  if (context.forwardedFor) headers.set("X-Forwarded-For", context.forwardedFor);
  if (context.userAgent) headers.set("User-Agent", context.userAgent);
  return headers;
}

/** Seconds (`120`) or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function callSignal(context: ApiContext): AbortSignal {
  const deadline = AbortSignal.timeout(context.timeoutMs);
  return context.signal ? AbortSignal.any([context.signal, deadline]) : deadline;
}

/** The in-process transport may ignore the signal; racing keeps the deadline real for both. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return abortable(new Promise<void>((resolve) => setTimeout(resolve, ms)), signal);
}

function describeCall(call: UpstreamRequest): UpstreamCall {
  return { method: call.method ?? "GET", path: call.path };
}

function failureOf(call: UpstreamCall, signal: AbortSignal, error: unknown): UpstreamUnavailableError | UpstreamMalformedError {
  // An answer we refused (too large) is a bad answer, not a missing one.
  if (error instanceof OutboundRefusedError) return new UpstreamMalformedError(call, null, error.message, [], { cause: error });
  return new UpstreamUnavailableError(call, signal.aborted ? "timeout" : "network", null, { cause: error });
}

export type UpstreamResponse = { response: Response; signal: AbortSignal };

type Attempt = { signal: AbortSignal; timedOut: () => boolean; answered: () => void };

/**
 * One attempt on one host: aborted with the call, and, when a failure could still go on to another host, after
 * half of the time left, so a host that hangs leaves the next one time to answer (decision 0211). The share
 * bounds the wait for the answer's headers only: once they are in, the body has the call's whole deadline.
 */
function startAttempt(callSignal: AbortSignal, deadline: number, mayFailOver: boolean): Attempt {
  const controller = new AbortController();
  if (callSignal.aborted) controller.abort(callSignal.reason);
  else callSignal.addEventListener("abort", () => controller.abort(callSignal.reason), { once: true });
  let timedOut = false;
  const timer = mayFailOver
    ? setTimeout(
        () => {
          timedOut = true;
          controller.abort(new DOMException("the host's share of the deadline is over", "TimeoutError"));
        },
        Math.max(1, Math.floor((deadline - Date.now()) / 2)),
      )
    : undefined;
  return { signal: controller.signal, timedOut: () => timedOut, answered: () => clearTimeout(timer) };
}

function outcomeOf(error: unknown, callSignal: AbortSignal, attempt: Attempt): HostOutcome {
  const deadlinePassed = callSignal.aborted && callSignal.reason instanceof DOMException && callSignal.reason.name === "TimeoutError";
  if (attempt.timedOut() || deadlinePassed) return { kind: "failed", reason: "timeout" };
  if (callSignal.aborted) return { kind: "cancelled" };
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return { kind: "failed", reason: cause instanceof Error ? cause.message || cause.name : "network error" };
}

/**
 * Sends one call (and its retry: on the next healthy host when there are mirrors, else the same one once),
 * returning the final response whatever its status. Throws `UpstreamUnavailableError` when nothing came back in time.
 * POST, PUT, PATCH and DELETE are sent once, to one host: a failure may have reached it (decision 0212).
 */
export async function sendUpstream(
  context: ApiContext,
  call: UpstreamRequest,
  transportOptions?: TransportOptions,
): Promise<UpstreamResponse> {
  const method = call.method ?? "GET";
  const described = describeCall(call);
  const body =
    call.body === undefined
      ? undefined
      : typeof call.body === "string" || call.body instanceof FormData
        ? call.body
        : JSON.stringify(call.body);
  const signal = callSignal(context);
  const deadline = Date.now() + context.timeoutMs;
  const mayRetry = IDEMPOTENT_METHODS.has(method);
  const pool = context.upstream.hosts;
  const maxAttempts = mayRetry ? Math.max(2, pool?.hosts.length ?? 0) : 1;
  const tried: HostBreaker[] = [];

  for (let attemptNumber = 1; ; attemptNumber += 1) {
    const lastAttempt = attemptNumber >= maxAttempts;
    const host = pool?.pick({ tried, mayProbe: mayRetry }) ?? null;
    const movesOn = !lastAttempt && (pool?.hosts.length ?? 0) > 1;
    if (host && !tried.includes(host)) tried.push(host);
    // Without mirrors (the embedded API, one host) the attempt is the call itself.
    const attempt = host ? startAttempt(signal, deadline, movesOn) : null;
    const attemptSignal = attempt?.signal ?? signal;
    let response: Response;
    try {
      // A FormData body brings its own multipart content type (with the boundary).
      const request = new Request(upstreamUrl(host?.url ?? context.upstream.baseUrl, call), {
        method,
        headers: upstreamHeaders(context, call, typeof body === "string"),
        body,
        signal: attemptSignal,
      });
      response = await abortable(context.upstream.transport(request, transportOptions), attemptSignal);
      attempt?.answered();
    } catch (error) {
      attempt?.answered();
      if (host && attempt) host.record(outcomeOf(error, signal, attempt));
      if (lastAttempt || signal.aborted || error instanceof OutboundRefusedError) throw failureOf(described, signal, error);
      const nextIsAnotherHost = pool !== undefined && pool.pick({ tried, mayProbe: false }) !== host;
      if (!nextIsAnotherHost) {
        try {
          await sleep(DEFAULT_RETRY_DELAY_MS, signal);
        } catch (abortError) {
          throw failureOf(described, signal, abortError);
        }
      }
      continue;
    }
    // Never followed (decision 0248): where a redirect points is the upstream's say, not ours, and may be inside.
    if (isRedirectStatus(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      host?.record({ kind: "failed", reason: `redirect ${response.status}` });
      throw new UpstreamMalformedError(described, response.status, `redirect ${response.status} refused`);
    }
    host?.record({ kind: "answered", status: response.status });

    if (lastAttempt || !RETRYABLE_STATUSES.has(response.status)) return { response, signal };
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    if (retryAfterMs !== null && retryAfterMs > MAX_RETRY_AFTER_MS) return { response, signal };
    await response.body?.cancel().catch(() => undefined);
    try {
      await sleep(retryAfterMs ?? DEFAULT_RETRY_DELAY_MS, signal);
    } catch (error) {
      throw failureOf(described, signal, error);
    }
  }
}

async function readText(call: UpstreamCall, upstream: UpstreamResponse): Promise<string> {
  try {
    return await abortable(upstream.response.text(), upstream.signal);
  } catch (error) {
    throw failureOf(call, upstream.signal, error);
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message.trim()) {
    return body.message;
  }
  return null;
}

function fieldErrorsOf(body: unknown): Record<string, string[]> {
  const errors = body && typeof body === "object" && "errors" in body ? body.errors : null;
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((message): message is string => typeof message === "string");
    if (messages.length > 0) fieldErrors[field] = messages;
  }
  return fieldErrors;
}

/** The typed error for a non-2xx answer. */
export function errorForStatus(call: UpstreamCall, response: Response, bodyText: string): UpstreamError {
  const parsed = parseJson(bodyText);
  const body = parsed.ok ? parsed.value : null;
  const status = response.status;
  if (status === 401) return new UpstreamUnauthorizedError(call, messageOf(body));
  if (status === 403) return new UpstreamForbiddenError(call);
  if (status === 404) return new UpstreamNotFoundError(call);
  if (status === 422 || status === 400) return new UpstreamValidationError(call, status, messageOf(body), fieldErrorsOf(body));
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    return new UpstreamRateLimitedError(call, retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000));
  }
  if (status >= 500 || status === 408 || status === 425 || status === 409) return new UpstreamUnavailableError(call, "status", status);
  return new UpstreamMalformedError(call, status, `unexpected status ${status}`);
}

function logFailure(error: UpstreamUnavailableError | UpstreamMalformedError): void {
  logWarn("upstream call failed", {
    method: error.method,
    path: error.path,
    status: error.status,
    kind: error.kind,
    ...(error instanceof UpstreamMalformedError ? { issues: error.issues.slice(0, 5) } : { reason: error.reason }),
  });
}

/**
 * An in-process answer is our own code's value, validated as it is; what a JSON text could not have carried
 * (a Date, NaN) fails the schema and is judged again as its text, so the outcome is the text's (decision 0185).
 */
function parseInProcessValue<Schema extends z.ZodTypeAny>(schema: Schema, value: unknown): z.ZodSafeParseResult<z.output<Schema>> {
  const direct = schema.safeParse(value);
  return direct.success ? direct : schema.safeParse(JSON.parse(JSON.stringify(value)));
}

async function readAnswer<Schema extends z.ZodTypeAny>(
  described: UpstreamCall,
  upstream: UpstreamResponse,
  schema: Schema,
): Promise<z.ZodSafeParseResult<z.output<Schema>>> {
  const inProcess = inProcessJsonValue(upstream.response);
  if (inProcess) return parseInProcessValue(schema, inProcess.value);
  const text = await readText(described, upstream);
  if (!upstream.response.ok) throw errorForStatus(described, upstream.response, text);
  const json = parseJson(text);
  if (!json.ok) throw new UpstreamMalformedError(described, upstream.response.status, "answer is not JSON");
  return schema.safeParse(json.value);
}

/** Calls the upstream and parses a 2xx answer with `schema`; anything else becomes a typed error. */
export async function requestJson<Schema extends z.ZodTypeAny>(
  context: ApiContext,
  call: UpstreamRequest,
  schema: Schema,
): Promise<z.output<Schema>> {
  const described = describeCall(call);
  const writes = (call.method ?? "GET") !== "GET";
  if (writes) context.reads?.forget();
  try {
    const upstream = await sendUpstream(context, call, { jsonValue: true });
    const result = await readAnswer(described, upstream, schema);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
      throw new UpstreamMalformedError(described, upstream.response.status, "answer does not match the schema", issues, {
        cause: result.error,
      });
    }
    return result.data as z.output<Schema>;
  } catch (error) {
    if (error instanceof UpstreamUnavailableError || error instanceof UpstreamMalformedError) logFailure(error);
    throw error;
  } finally {
    // A read made while the write was under way may hold the state before it.
    if (writes) context.reads?.forget();
  }
}

/**
 * A GET several loaders of one request make (the account's lists and timecodes): asked once per request and token,
 * whichever loader asks first (app/.server/api/request-reads.ts). Without the request's reads, a plain call.
 */
export function requestJsonOncePerRequest<Schema extends z.ZodTypeAny>(
  context: ApiContext,
  call: UpstreamRequest & { method?: "GET" },
  schema: Schema,
): Promise<z.output<Schema>> {
  const { reads } = context;
  if (!reads) return requestJson(context, call, schema);
  const key = `${context.token ?? ""} ${upstreamUrl(READ_KEY_BASE, call)}`;
  return reads.share(key, context.timeoutMs, () => requestJson(context, call, schema));
}
