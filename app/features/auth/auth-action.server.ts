// The common steps of every auth form action: rate limit, honeypot, zod check, and turning upstream
// failures into messages on the form. Answers never carry a password back to the page.
import { data } from "@remix-run/node";
import type { z } from "zod";
import {
  UpstreamForbiddenError,
  UpstreamMalformedError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
} from "~/.server/api/errors";
import { NO_STORE_CACHE_CONTROL, RETRY_AFTER_SECONDS } from "~/.server/http-cache.server";
import { validationFailure } from "~/.server/route-errors.server";
import { authRateLimiter, clientAddress, rateLimitedMessage } from "~/.server/security/rate-limit.server";
import { checkForm, fieldNamesOf, formFieldValues, type AuthActionData, type FieldErrors } from "./auth-schemas";

export type { AuthActionData };
import { HONEYPOT_FIELD } from "./honeypot";
import { authStrings } from "./strings";

const SECRET_FIELDS: ReadonlySet<string> = new Set(["password", "password_confirmation", "current_password", "token", "recaptcha_token"]);

/** Fields the form carries but does not show: their errors are the form's. */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set(["token", "recaptcha_token"]);

const noStore = { "Cache-Control": NO_STORE_CACHE_CONTROL };

export function publicValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELDS.has(name)));
}

export function authFailure(status: number, failure: Partial<AuthActionData>, headers: Record<string, string> = {}) {
  const body: AuthActionData = {
    formError: failure.formError ?? null,
    fieldErrors: failure.fieldErrors ?? {},
    values: publicValues(failure.values ?? {}),
  };
  return data(body, { status, headers: { ...noStore, ...headers } });
}

/** 429 with a Russian message once the client sent more than ten auth submissions this minute; null otherwise. */
export function limitAuthRequest(loadContext: unknown) {
  const decision = authRateLimiter.hit(clientAddress(loadContext));
  if (decision.allowed) return null;
  return authFailure(429, { formError: rateLimitedMessage }, { "Retry-After": String(decision.retryAfterSeconds) });
}

/** Auth forms are a few short fields; anything bigger is not one of ours. */
const MAX_FORM_BYTES = 16 * 1024;

export type ParsedAuthForm<Output> =
  | { ok: true; data: Output; values: Record<string, string>; formData: FormData }
  | { ok: false; response: ReturnType<typeof authFailure> };

/** Reads and checks a submission. A filled honeypot is answered with a plain 400 and no hint why. */
export async function readAuthForm<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<ParsedAuthForm<z.output<Schema>>> {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_FORM_BYTES) {
    return { ok: false, response: authFailure(413, { formError: authStrings.errors.botSuspected }) };
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return { ok: false, response: authFailure(400, { formError: authStrings.errors.botSuspected }) };
  }
  const values = formFieldValues(formData, fieldNamesOf(schema));
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    return { ok: false, response: authFailure(400, { formError: authStrings.errors.botSuspected }) };
  }
  const checked = checkForm(schema, values);
  if (!checked.ok) return { ok: false, response: authFailure(400, { fieldErrors: checked.fieldErrors, values }) };
  return { ok: true, data: checked.data, values, formData };
}

export type FailureMessages = {
  /** 401 (the upstream's own message wins when it sent one). */
  unauthorized?: string;
  forbidden?: string;
  notFound?: string;
  /** Field an upstream 404 is about (e.g. the code or the link token). */
  notFoundField?: string;
};

/**
 * The form answer for an upstream failure: 422 field errors beside their fields (errors of fields the
 * form does not show go to the form), 401 and the rest as the form's message. Unknown errors are rethrown.
 */
export function upstreamFailure(error: unknown, values: Record<string, string>, messages: FailureMessages = {}) {
  const validation = validationFailure(error);
  if (validation) {
    const fieldErrors: FieldErrors = {};
    const stray: string[] = [];
    for (const [field, fieldMessages] of Object.entries(validation.fieldErrors ?? {})) {
      const first = fieldMessages[0];
      if (!first) continue;
      if (field in values && !HIDDEN_FIELDS.has(field)) fieldErrors[field] = first;
      else stray.push(first);
    }
    const formError = stray.length > 0 ? stray.join(" ") : Object.keys(fieldErrors).length === 0 ? validation.message : null;
    return authFailure(400, { formError, fieldErrors, values });
  }
  if (error instanceof UpstreamUnauthorizedError) {
    return authFailure(401, { formError: error.upstreamMessage ?? messages.unauthorized ?? authStrings.login.wrongCredentials, values });
  }
  if (error instanceof UpstreamForbiddenError) {
    return authFailure(403, { formError: messages.forbidden ?? authStrings.login.forbidden, values });
  }
  if (error instanceof UpstreamNotFoundError && messages.notFound) {
    const fieldErrors: FieldErrors = messages.notFoundField && messages.notFoundField in values ? { [messages.notFoundField]: messages.notFound } : {};
    return authFailure(400, { formError: Object.keys(fieldErrors).length > 0 ? null : messages.notFound, fieldErrors, values });
  }
  if (error instanceof UpstreamRateLimitedError) {
    return authFailure(429, { formError: authStrings.errors.upstreamRateLimited, values }, { "Retry-After": String(error.retryAfterSeconds ?? 60) });
  }
  if (error instanceof UpstreamUnavailableError || error instanceof UpstreamMalformedError || error instanceof UpstreamNotFoundError) {
    return authFailure(503, { formError: authStrings.errors.unavailable, values }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  throw error;
}
