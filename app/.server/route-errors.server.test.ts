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
import { getCatalogReleases } from "./api/catalog";
import { pageFixture, releaseFixture, tableTransport, testContext } from "./api/test-fixtures";
import { throwRouteError, withRouteErrors } from "./route-errors.server";
import { commitSessionToken } from "./session.server";

const call = { method: "GET", path: "/anime/releases/x" };
const visitor = new Request("http://localhost/anime/releases/release/x");
const member = new Request("http://localhost/me/favorites/", { headers: { Cookie: commitSessionToken("t").split(";")[0]! } });

function thrownBy(error: unknown, request = visitor): Response {
  try {
    throwRouteError(error, request);
  } catch (thrown) {
    return thrown as Response;
  }
  throw new Error("throwRouteError returned");
}

describe("throwRouteError", () => {
  it("404 carries the spec's 'Page not found: {path}'", async () => {
    const response = thrownBy(new UpstreamNotFoundError(call));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Page not found: /anime/releases/release/x");
  });

  it.each([
    [new UpstreamUnavailableError(call, "network"), 503],
    [new UpstreamUnavailableError(call, "timeout"), 503],
    [new UpstreamUnavailableError(call, "status", 500), 502],
    [new UpstreamMalformedError(call, 200, "bad"), 502],
    [new UpstreamRateLimitedError(call, 60), 503],
    [new UpstreamValidationError(call, 422, null, { limit: ["too big"] }), 400],
  ])("maps %s to %i with a Russian message", async (error, status) => {
    const response = thrownBy(error);
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/[а-яё]/i);
  });

  it("passes on the upstream's Retry-After when rate limited", () => {
    expect(thrownBy(new UpstreamRateLimitedError(call, 60)).headers.get("retry-after")).toBe("60");
  });

  it("401 drops the session and sends the user to login", () => {
    const response = thrownBy(new UpstreamUnauthorizedError(call, null), member);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F");
    expect(response.headers.get("set-cookie")).toMatch(/^session=; /);
  });

  it("403 sends visitors to login, and drops a signed-in user's revoked session", () => {
    const anonymous = thrownBy(new UpstreamForbiddenError(call));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    const revoked = thrownBy(new UpstreamForbiddenError(call), member);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("set-cookie")).toMatch(/^session=; /);
  });

  it("rethrows Responses and foreign errors untouched", () => {
    const redirect = new Response(null, { status: 302 });
    expect(thrownBy(redirect)).toBe(redirect);
    const bug = new TypeError("bug");
    expect(thrownBy(bug)).toBe(bug);
  });
});

describe("a loader over a failing upstream", () => {
  it("throws the error page's status, and the next request succeeds", async () => {
    let healthy = false;
    const transport = tableTransport({
      "/anime/catalog/releases": () => (healthy ? Response.json(pageFixture([releaseFixture()])) : new Response("", { status: 500 })),
    });
    const loader = (request: Request) => withRouteErrors(request, () => getCatalogReleases(testContext(transport), {}));
    const failure = (await loader(visitor).catch((error: unknown) => error)) as Response;
    expect(failure.status).toBe(502);
    expect(transport.requests).toHaveLength(2);
    healthy = true;
    expect((await loader(visitor)).items).toHaveLength(1);
  });
});
