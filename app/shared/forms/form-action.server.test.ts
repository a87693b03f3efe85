import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  UpstreamForbiddenError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
  UpstreamValidationError,
} from "~/.server/api/errors";
import { rateLimitedMessage } from "~/.server/security/rate-limit.server";
import { commitSessionToken } from "~/.server/session.server";
import { HONEYPOT_FIELD } from "./form-fields";
import { formStrings } from "./strings";
import { formAction, formSpec, type FormSpec } from "./form-action.server";
import type { FormActionData } from "./form-fields";
import { withLoadContext } from "../../../tests/support/load-context";

const ORIGIN = "http://localhost:3000";
const call = { method: "POST", path: "/accounts/otp/accept" };
const REFUSED = "Не удалось отправить форму.";
const signedInCookie = commitSessionToken("token").split(";")[0]!;

let clientCounter = 0;
const freshClient = () => ({ clientIp: `203.0.113.${(clientCounter += 1)}` });

function post(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/form`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: ORIGIN, ...headers } });
}

const done = () => new Response(null, { status: 303, headers: { Location: "/done" } });

const CodeSchema = z.object({ code: z.string().regex(/^\d{6}$/, "Шесть цифр"), password: z.string() });

function codeForm(overrides: Partial<FormSpec<typeof CodeSchema, unknown>> = {}) {
  return formSpec({ schema: CodeSchema, call: async () => "ok", success: done, ...overrides });
}

async function run(options: Parameters<typeof formAction>[0], request: Request, context: { clientIp: string } = freshClient()) {
  return formAction(options)(withLoadContext({ request, context, params: {} }));
}

function answerOf(result: unknown): { data: FormActionData; status: number; headers: Headers } {
  expect(result).not.toBeInstanceOf(Response);
  const { data, init } = result as { data: FormActionData; init: ResponseInit | null };
  return { data, status: init?.status ?? 200, headers: new Headers(init?.headers) };
}

const failing = (error: unknown) => codeForm({ call: () => Promise.reject(error) });
const valid = { code: "123456", password: "secret-password" };

describe("formAction: reading and checking", () => {
  it("calls the upstream with the checked fields and lets the form answer", async () => {
    let received: unknown;
    const result = await run({ refused: REFUSED, form: codeForm({ call: async ({ input }) => (received = input) }) }, post(valid));
    expect(result).toBeInstanceOf(Response);
    expect(received).toEqual(valid);
  });

  it("answers zod's messages beside the fields without calling, never echoing a password", async () => {
    let called = false;
    const answer = answerOf(
      await run(
        { refused: REFUSED, form: codeForm({ call: async () => (called = true) }) },
        post({ code: "12", password: "secret-password" }),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ formError: null, fieldErrors: { code: "Шесть цифр" }, values: { code: "12" } });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(called).toBe(false);
  });

  it("answers a body too large to read beside the file of the page's one form that takes a file, unread", async () => {
    const tooLarge = { file: "Файл слишком большой." };
    const options = { refused: REFUSED, forms: { code: codeForm(), upload: codeForm({ tooLargeBody: tooLarge }) }, unknownIntent: "?" };
    // The server passes a body over its own limit with no body at all: only the declared length says what it was.
    const unread = new Request(`${ORIGIN}/form`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Length": String(10 * 1024 * 1024) },
    });
    expect(answerOf(await run(options, unread))).toMatchObject({
      status: 413,
      data: { intent: "upload", fieldErrors: tooLarge, formError: null },
    });
    const single = post(valid, { "Content-Length": String(20_000) });
    expect(answerOf(await run({ refused: REFUSED, form: codeForm({ tooLargeBody: tooLarge }) }, single))).toMatchObject({
      status: 413,
      data: { fieldErrors: tooLarge },
    });
  });

  it("refuses an oversized body (413), a body that is not a form, and a filled honeypot (400) with one message", async () => {
    const big = post(valid, { "Content-Length": String(20_000) });
    expect(answerOf(await run({ refused: REFUSED, form: codeForm() }, big))).toMatchObject({ status: 413, data: { formError: REFUSED } });
    const notAForm = new Request(`${ORIGIN}/form`, { method: "POST", body: "{", headers: { "Content-Type": "application/json" } });
    expect(answerOf(await run({ refused: REFUSED, form: codeForm() }, notAForm))).toMatchObject({
      status: 400,
      data: { formError: REFUSED },
    });
    const bot = post({ ...valid, [HONEYPOT_FIELD]: "x" });
    expect(answerOf(await run({ refused: REFUSED, honeypot: true, form: codeForm() }, bot))).toMatchObject({
      status: 400,
      data: { formError: REFUSED, fieldErrors: {} },
    });
  });

  it("counts a limited form against the sign-in limit: the eleventh submission in a minute is a 429", async () => {
    const client = freshClient();
    const options = { refused: REFUSED, form: codeForm({ rateLimited: true }) };
    for (let attempt = 0; attempt < 10; attempt += 1) expect(await run(options, post(valid), client)).toBeInstanceOf(Response);
    const refused = answerOf(await run(options, post(valid), client));
    expect(refused).toMatchObject({ status: 429, data: { formError: rateLimitedMessage } });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("sends a visitor of a signed-in form to sign in", async () => {
    const thrown = await run({ refused: REFUSED, signedIn: true, form: codeForm() }, post(valid)).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("location")).toBe("/app/auth/login?redirectTo=%2Fform");
  });
});

describe("formAction: intents and confirmation", () => {
  const forms = {
    rename: formSpec({ schema: z.object({ name: z.string().min(2, "Коротко") }), call: async () => null, success: done }),
    remove: formSpec({
      schema: z.object({ id: z.string() }),
      confirm: (input) => ({ id: input.id }),
      call: async () => null,
      success: done,
    }),
  };
  const options = { refused: REFUSED, forms, unknownIntent: "Неизвестная форма" };

  it("runs the form the intent names, and tags its answers with the intent", async () => {
    expect(answerOf(await run(options, post({ intent: "rename", name: "x" })))).toMatchObject({
      status: 400,
      data: { intent: "rename", confirm: null, fieldErrors: { name: "Коротко" } },
    });
    expect(await run(options, post({ intent: "rename", name: "Имя" }))).toBeInstanceOf(Response);
  });

  it("answers an unknown intent (or none, or an inherited name) with a 400 and a message", async () => {
    for (const fields of [{ intent: "drop" }, {}, { intent: "constructor" }] as Record<string, string>[]) {
      expect(answerOf(await run(options, post(fields)))).toMatchObject({
        status: 400,
        data: { intent: "", formError: "Неизвестная форма" },
      });
    }
  });

  it("asks before a destructive action, then runs it once confirmed", async () => {
    expect(answerOf(await run(options, post({ intent: "remove", id: "7" })))).toMatchObject({
      status: 200,
      data: { intent: "remove", confirm: { id: "7" } },
    });
    expect(await run(options, post({ intent: "remove", id: "7", confirmed: "yes" }))).toBeInstanceOf(Response);
  });
});

describe("formAction: upstream failures", () => {
  it("puts 422 errors beside shown fields, and errors of hidden fields on the form", async () => {
    const error = new UpstreamValidationError(call, 422, "Ошибка", { code: ["Код устарел"], token: ["Ссылка устарела"] });
    const answer = answerOf(await run({ refused: REFUSED, form: failing(error) }, post(valid)));
    expect(answer).toMatchObject({ status: 400, data: { fieldErrors: { code: "Код устарел" }, formError: "Ссылка устарела" } });
    const onForm = answerOf(await run({ refused: REFUSED, form: { ...failing(error), errorsOnForm: true } }, post(valid)));
    expect(onForm.data).toMatchObject({ fieldErrors: {}, formError: "Код устарел Ссылка устарела" });
  });

  it("names a wrong code on its field when the form expects a 404, and says 'try later' otherwise", async () => {
    const expected = { ...failing(new UpstreamNotFoundError(call)), failures: { notFound: "Код не найден", notFoundField: "code" } };
    expect(answerOf(await run({ refused: REFUSED, form: expected }, post(valid))).data).toMatchObject({
      formError: null,
      fieldErrors: { code: "Код не найден" },
    });
    const unexpected = answerOf(await run({ refused: REFUSED, form: failing(new UpstreamNotFoundError(call)) }, post(valid)));
    expect(unexpected).toMatchObject({ status: 503, data: { formError: formStrings.unavailable } });
    expect(unexpected.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("answers the upstream's rate limit with 429 and its wait, and an unreachable upstream with 503", async () => {
    const limited = answerOf(await run({ refused: REFUSED, form: failing(new UpstreamRateLimitedError(call, 42)) }, post(valid)));
    expect(limited).toMatchObject({ status: 429, data: { formError: formStrings.upstreamRateLimited } });
    expect(limited.headers.get("retry-after")).toBe("42");
    const down = answerOf(await run({ refused: REFUSED, form: failing(new UpstreamUnavailableError(call, "timeout")) }, post(valid)));
    expect(down).toMatchObject({ status: 503, data: { formError: formStrings.unavailable, values: { code: "123456" } } });
  });

  it("on a signed-in form, a 403 ends the session: dropped, and back to sign-in", async () => {
    const request = post(valid, { Cookie: signedInCookie });
    const thrown = (await run({ refused: REFUSED, signedIn: true, form: failing(new UpstreamForbiddenError(call)) }, request).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("set-cookie")).toMatch(/^session=; /);
  });

  it("on a sign-in form, a 403 is the form's message", async () => {
    const answer = answerOf(
      await run(
        { refused: REFUSED, form: { ...failing(new UpstreamForbiddenError(call)), failures: { forbidden: "Подтвердите почту" } } },
        post(valid),
      ),
    );
    expect(answer).toMatchObject({ status: 403, data: { formError: "Подтвердите почту" } });
  });

  it("says a missing call is unsupported (501) where the form's call is beyond the document", async () => {
    const answer = answerOf(
      await run({ refused: REFUSED, unsupported: "Не поддерживается", form: failing(new UpstreamNotFoundError(call)) }, post(valid)),
    );
    expect(answer).toMatchObject({ status: 501, data: { formError: "Не поддерживается" } });
  });

  it("lets a form answer a failure its own way first", async () => {
    const own = { ...failing(new UpstreamNotFoundError(call)), failures: { answer: () => done() } };
    expect(await run({ refused: REFUSED, unsupported: "Не поддерживается", form: own }, post(valid))).toBeInstanceOf(Response);
  });

  it("rethrows what is not an upstream failure", async () => {
    const bug = new TypeError("bug");
    await expect(run({ refused: REFUSED, form: failing(bug) }, post(valid))).rejects.toBe(bug);
  });
});
