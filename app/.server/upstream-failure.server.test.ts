import { describe, expect, it } from "vitest";
import {
  UpstreamForbiddenError,
  UpstreamMalformedError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamUnauthorizedError,
  UpstreamUnavailableError,
  UpstreamValidationError,
} from "./api/errors";
import { RETRY_AFTER_SECONDS } from "./http-cache.server";
import { classifyUpstreamFailure, endsSession, failureJson, isUnsupportedCall } from "./upstream-failure.server";

const call = { method: "POST", path: "/accounts/users/me/profile/nickname" };

describe("classifyUpstreamFailure", () => {
  it.each([
    [new UpstreamUnauthorizedError(call, null), "unauthorized", 401, null],
    [new UpstreamForbiddenError(call), "forbidden", 403, null],
    [new UpstreamNotFoundError(call), "not-found", 404, null],
    [new UpstreamValidationError(call, 422, null, {}), "invalid", 400, null],
    [new UpstreamRateLimitedError(call, 7), "rate-limited", 503, 7],
    [new UpstreamRateLimitedError(call, null), "rate-limited", 503, RETRY_AFTER_SECONDS],
    [new UpstreamUnavailableError(call, "network"), "unavailable", 503, RETRY_AFTER_SECONDS],
    [new UpstreamUnavailableError(call, "timeout"), "unavailable", 503, RETRY_AFTER_SECONDS],
    [new UpstreamUnavailableError(call, "status", 500), "unavailable", 502, RETRY_AFTER_SECONDS],
    [new UpstreamMalformedError(call, 200, "bad json"), "bad-answer", 502, null],
  ])("%s is %s, answered %i with a Russian message", (error, kind, status, retryAfterSeconds) => {
    const failure = classifyUpstreamFailure(error);
    expect(failure).toMatchObject({ kind, status, retryAfterSeconds });
    expect(failure?.message).toMatch(/[а-яё]/i);
  });

  it("keeps the upstream's own message and field errors", () => {
    const failure = classifyUpstreamFailure(new UpstreamValidationError(call, 422, "Ник занят", { nickname: ["Ник занят"] }));
    expect(failure).toMatchObject({ message: "Ник занят", upstreamMessage: "Ник занят", fieldErrors: { nickname: ["Ник занят"] } });
    expect(classifyUpstreamFailure(new UpstreamUnauthorizedError(call, "Токен истёк"))?.message).toBe("Токен истёк");
  });

  it("is null for anything that is not an upstream error", () => {
    expect(classifyUpstreamFailure(new TypeError("bug"))).toBeNull();
    expect(classifyUpstreamFailure(new Response(null, { status: 302 }))).toBeNull();
  });

  it("says which failures end the session", () => {
    const kinds = [
      new UpstreamUnauthorizedError(call, null),
      new UpstreamForbiddenError(call),
      new UpstreamNotFoundError(call),
      new UpstreamUnavailableError(call, "network"),
    ].map((error) => endsSession(classifyUpstreamFailure(error)!));
    expect(kinds).toEqual([true, true, false, false]);
  });
});

describe("isUnsupportedCall", () => {
  it("is a 404 or a 405, nothing else", () => {
    expect(isUnsupportedCall(new UpstreamNotFoundError(call))).toBe(true);
    expect(isUnsupportedCall(new UpstreamMalformedError(call, 405, "unexpected status"))).toBe(true);
    expect(isUnsupportedCall(new UpstreamMalformedError(call, 200, "bad json"))).toBe(false);
    expect(isUnsupportedCall(new UpstreamUnavailableError(call, "status", 501))).toBe(false);
  });
});

describe("failureJson", () => {
  it("answers the status, the message, no-store and Retry-After", async () => {
    const response = failureJson(classifyUpstreamFailure(new UpstreamRateLimitedError(call, 12))!);
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("retry-after")).toBe("12");
    expect(await response.json()).toEqual({ message: "Слишком много запросов. Подождите немного и обновите страницу." });
  });

  it("carries the field errors of a 422 only", async () => {
    const invalid = failureJson(classifyUpstreamFailure(new UpstreamValidationError(call, 422, null, { limit: ["too big"] }))!);
    expect(await invalid.json()).toEqual({ message: "Некорректный запрос.", fieldErrors: { limit: ["too big"] } });
    expect(invalid.headers.get("retry-after")).toBeNull();
  });
});
