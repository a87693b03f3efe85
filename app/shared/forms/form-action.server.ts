// The one pipeline of every auth and settings form action (docs/decisions/0166): read the body (size, form
// data, honeypot), pick the form by its intent, count it against the sign-in limit where the form is limited,
// check the fields (zod), ask for a confirmation of a destructive action, call the upstream, and turn a
// failure into messages on the form — or, on success, let the form answer (a redirect with a toast).
// The server already checked the Origin and the body's size class before any action runs.
import { data, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import type { ApiHandle } from "~/.server/api/handle";
import { NO_STORE_CACHE_CONTROL, RETRY_AFTER_SECONDS } from "~/.server/http-cache.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { authRateLimiter, clientKey, rateLimitedMessage, type AccountLimiter } from "~/.server/security/rate-limit.server";
import {
  classifyUpstreamFailure,
  endsSession,
  failureHeaders,
  isUnsupportedCall,
  type UpstreamFailure,
} from "~/.server/upstream-failure.server";
import { checkForm, fieldNamesOf, formFieldValues } from "./form-check";
import { CONFIRMED_FIELD, HONEYPOT_FIELD, INTENT_FIELD, type FieldErrors, type FormActionData } from "./form-fields";
import { formStrings } from "./strings";

/** Never echoed back to the page. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(["password", "password_confirmation", "current_password", "token", "recaptcha_token"]);

/** Fields a form carries but does not show: their errors are the form's. */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set(["token", "recaptcha_token"]);

/** Auth and settings forms are a few short fields (the avatar upload raises it). */
export const MAX_FORM_BYTES = 16 * 1024;

function publicValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELDS.has(name)));
}

/** A form's answer that is not a redirect: its messages and the values to fill it again (never a secret). */
function formAnswer(status: number, answer: Partial<FormActionData>, headers: Record<string, string> = {}) {
  const body: FormActionData = {
    formError: answer.formError ?? null,
    fieldErrors: answer.fieldErrors ?? {},
    values: publicValues(answer.values ?? {}),
    ...(answer.intent === undefined ? {} : { intent: answer.intent, confirm: answer.confirm ?? null }),
  };
  return data(body, { status, headers: { "Cache-Control": NO_STORE_CACHE_CONTROL, ...headers } });
}

type FormAnswer = ReturnType<typeof formAnswer>;

export type FormFailures = {
  /** 401 on this form (the upstream's own message wins when it sent one). */
  unauthorized?: string;
  /** 403 on this form. */
  forbidden?: string;
  /** A 404 that means the entered code or link is wrong, with the field it is about. */
  notFound?: string;
  notFoundField?: string;
  /** A failure this form answers in its own way (e.g. a 404 that means "already gone"), or null. */
  answer?: (failure: UpstreamFailure) => Response | Promise<Response> | null;
};

export type FormSpec<Schema extends z.ZodTypeAny, Result> = {
  schema: Schema;
  /** Counts against the sign-in limit (docs/decisions/0043): sign-in forms and those that check a password. */
  rateLimited?: boolean;
  /**
   * The account whose secret the form's attempts could be guessing (decision 0281): each attempt is counted on it,
   * per client and in all, by `limiter`, once the fields are checked and before the upstream is asked.
   */
  account?: {
    limiter: AccountLimiter;
    of: (submission: Submission<z.output<Schema>>) => string | Promise<string>;
    /** A success counts as well (each sends a letter); otherwise only failed attempts stay counted. */
    successCounts?: boolean;
  };
  /**
   * The form takes a file: a body too large to read is its own (the only form of its page that can be that large),
   * answered with these field errors beside the file (decision 0281).
   */
  tooLargeBody?: FieldErrors;
  /** Checks of what zod does not see (an uploaded file); field errors, or null when all is well. */
  checkFiles?: (formData: FormData) => FieldErrors | null;
  /** The form shows no field messages (hidden inputs, switches): every field error is the form's message. */
  errorsOnForm?: boolean;
  /** A destructive action: runs only once confirmed; until then the page asks, posting these fields again. */
  confirm?: (input: z.output<Schema>) => Record<string, string>;
  call: (submission: Submission<z.output<Schema>>) => Promise<Result>;
  failures?: FormFailures;
  success: (result: Result, submission: Submission<z.output<Schema>>) => Response | Promise<Response>;
};

/** A submission that passed the checks: the request, its API handle, the checked fields, the raw form. */
export type Submission<Input> = { request: Request; api: ApiHandle; input: Input; formData: FormData };

/** Declares one form (its types flow from the schema to `call` and `success`). */
export function formSpec<Schema extends z.ZodTypeAny, Result>(spec: FormSpec<Schema, Result>): FormSpec<Schema, Result> {
  return spec;
}

// Forms of one page have unrelated schemas and results; each was typed where it was declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFormSpec = FormSpec<any, any>;

export type FormActionOptions = {
  /** A signed-in user's form: a visitor is sent to sign in, and so is a user whose session ended meanwhile. */
  signedIn?: boolean;
  /** Largest declared body accepted. */
  maxBytes?: number;
  /** The message for a body that is too large or not a form. */
  refused: string;
  /** The form carries the honeypot field (docs/decisions/0042): a filled one is refused without a hint why. */
  honeypot?: boolean;
  /** The call is beyond the document: an upstream without it (404/405) gets this message and 501. */
  unsupported?: string;
} & (
  | { form: AnyFormSpec }
  | {
      /** A page with several forms, each naming its intent; an unknown intent gets `unknownIntent`. */
      forms: Record<string, AnyFormSpec>;
      unknownIntent: string;
    }
);

type Answer = FormAnswer | Response;

/** 429 with a Russian message once the client sent more than ten limited submissions this minute; null otherwise. */
async function limitRequest(loadContext: unknown, intent: string | undefined): Promise<FormAnswer | null> {
  const decision = await authRateLimiter.hit(clientKey(loadContext));
  if (decision.allowed) return null;
  return formAnswer(429, { formError: rateLimitedMessage, intent }, { "Retry-After": String(decision.retryAfterSeconds) });
}

type AccountAttempt = { refused: FormAnswer } | { refund: () => Promise<void> };

/** Counts the attempt on the form's account: 429 once it fills a window, per client or in all (decision 0281). */
async function countAccountAttempt(
  loadContext: unknown,
  account: NonNullable<AnyFormSpec["account"]>,
  submission: Submission<unknown>,
  values: Record<string, string>,
  intent: string | undefined,
): Promise<AccountAttempt> {
  const [name, client] = [await account.of(submission), clientKey(loadContext)];
  const decision = await account.limiter.hit(name, client);
  if (decision.allowed) return { refund: () => account.limiter.refund(name, client) };
  const retryAfter = decision.retryAfterSeconds;
  const formError = formStrings.accountRateLimited(retryAfter);
  return { refused: formAnswer(429, { formError, values, intent }, { "Retry-After": String(retryAfter) }) };
}

/**
 * 413 for a body too large to read (refused by its declared length; the server passes one over its own limit unread):
 * beside the file of the form that takes one, or as the page's refusal.
 */
function tooLargeAnswer(options: FormActionOptions): FormAnswer {
  const forms: [string | undefined, AnyFormSpec][] = "form" in options ? [[undefined, options.form]] : Object.entries(options.forms);
  const upload = forms.find(([, spec]) => spec.tooLargeBody);
  if (upload) return formAnswer(413, { fieldErrors: upload[1].tooLargeBody, intent: upload[0] });
  return formAnswer(413, { formError: options.refused, intent: "forms" in options ? "" : undefined });
}

async function readFormData(request: Request, options: FormActionOptions): Promise<FormData | FormAnswer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  const refusedIntent = "forms" in options ? "" : undefined;
  if (!Number.isFinite(declared) || declared > (options.maxBytes ?? MAX_FORM_BYTES)) return tooLargeAnswer(options);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return formAnswer(400, { formError: options.refused, intent: refusedIntent });
  }
  if (options.honeypot) {
    const honeypot = formData.get(HONEYPOT_FIELD);
    if (typeof honeypot === "string" && honeypot !== "") return formAnswer(400, { formError: options.refused, intent: refusedIntent });
  }
  return formData;
}

/** Upstream field errors beside their fields; errors of fields the form does not show go to the form. */
function invalidAnswer(
  failure: UpstreamFailure,
  values: Record<string, string>,
  spec: AnyFormSpec,
  intent: string | undefined,
): FormAnswer {
  const fieldErrors: FieldErrors = {};
  const stray: string[] = [];
  for (const [field, messages] of Object.entries(failure.fieldErrors)) {
    const first = messages[0];
    if (!first) continue;
    if (!spec.errorsOnForm && field in values && !HIDDEN_FIELDS.has(field)) fieldErrors[field] = first;
    else stray.push(first);
  }
  const formError = stray.length > 0 ? stray.join(" ") : Object.keys(fieldErrors).length === 0 ? failure.message : null;
  return formAnswer(400, { formError, fieldErrors, values, intent });
}

/** The form's answer to a failed call; anything that is not an upstream failure is rethrown. */
async function failureAnswer(
  error: unknown,
  request: Request,
  values: Record<string, string>,
  spec: AnyFormSpec,
  options: FormActionOptions,
  intent: string | undefined,
): Promise<Answer> {
  const failure = classifyUpstreamFailure(error);
  if (!failure) throw error;
  const own = await spec.failures?.answer?.(failure);
  if (own) return own;
  const messages = spec.failures ?? {};
  // The session ended while the form was open: drop it, sign in again and come back.
  if (options.signedIn && endsSession(failure)) throwRouteError(error, request);
  if (options.unsupported && isUnsupportedCall(error)) return formAnswer(501, { formError: options.unsupported, values, intent });
  const answer = (status: number, formError: string | null, fieldErrors: FieldErrors = {}) =>
    formAnswer(status, { formError, fieldErrors, values, intent }, failureHeaders(failure));
  switch (failure.kind) {
    case "invalid":
      return invalidAnswer(failure, values, spec, intent);
    case "unauthorized":
      return answer(401, failure.upstreamMessage ?? messages.unauthorized ?? formStrings.unauthorized);
    case "forbidden":
      return answer(403, messages.forbidden ?? formStrings.forbidden);
    case "not-found":
      if (!messages.notFound) break;
      if (messages.notFoundField && messages.notFoundField in values)
        return answer(400, null, { [messages.notFoundField]: messages.notFound });
      return answer(400, messages.notFound);
    case "rate-limited":
      // Our visitor's own attempts were too many for the upstream: a form answers 429, not a page's 503.
      return answer(429, formStrings.upstreamRateLimited);
    default:
      break;
  }
  // Unavailable, a bad answer, or a 404 the form did not expect: the server cannot do it now.
  return formAnswer(
    503,
    { formError: formStrings.unavailable, values, intent },
    { "Retry-After": String(failure.retryAfterSeconds ?? RETRY_AFTER_SECONDS) },
  );
}

async function runForm(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  spec: AnyFormSpec,
  options: FormActionOptions,
  intent: string | undefined,
): Promise<Answer> {
  if (spec.rateLimited) {
    const limited = await limitRequest(context, intent);
    if (limited) return limited;
  }
  const values = formFieldValues(formData, fieldNamesOf(spec.schema));
  const checked = checkForm(spec.schema, values);
  if (!checked.ok) return formAnswer(400, { fieldErrors: checked.fieldErrors, values, intent });
  const fileErrors = spec.checkFiles?.(formData);
  if (fileErrors) return formAnswer(400, { fieldErrors: fileErrors, intent });
  if (spec.confirm && formData.get(CONFIRMED_FIELD) !== "yes") return formAnswer(200, { intent, confirm: spec.confirm(checked.data) });
  const submission = { request, api: context.api, input: checked.data, formData };
  let result: unknown;
  try {
    // Inside the try: naming a signed-in account may ask the upstream, whose failures the form answers.
    const attempt = spec.account ? await countAccountAttempt(context, spec.account, submission, values, intent) : null;
    if (attempt && "refused" in attempt) return attempt.refused;
    result = await spec.call(submission);
    if (attempt && !spec.account?.successCounts) await attempt.refund();
  } catch (error) {
    return failureAnswer(error, request, values, spec, options, intent);
  }
  return spec.success(result, submission);
}

/** A route's `action` for one form, or for a page of forms told apart by their intent. */
export function formAction(options: FormActionOptions) {
  return async ({ request, context }: ActionFunctionArgs): Promise<Answer> => {
    if (options.signedIn) context.api.requireUser(request);
    const formData = await readFormData(request, options);
    if (!(formData instanceof FormData)) return formData;
    if ("form" in options) return runForm(request, context, formData, options.form, options, undefined);
    const intent = formData.get(INTENT_FIELD);
    const spec = typeof intent === "string" && Object.hasOwn(options.forms, intent) ? options.forms[intent] : undefined;
    if (!spec || typeof intent !== "string") return formAnswer(400, { formError: options.unknownIntent, intent: "" });
    return runForm(request, context, formData, spec, options, intent);
  };
}
