import { describe, expect, it } from "vitest";
import { authenticateSocial, login } from "./auth";
import { UpstreamUnauthorizedError } from "./errors";
import { tableTransport, testContext } from "./test-fixtures";

describe("sign-in", () => {
  it("posts credentials and returns the token", async () => {
    const transport = tableTransport({ "POST /accounts/users/auth/login": { token: "opaque-token" } });
    expect(await login(testContext(transport), { login: "hikari", password: "secret" })).toBe("opaque-token");
    expect(await transport.requests[0]!.json()).toEqual({ login: "hikari", password: "secret" });
    expect(transport.requests[0]!.headers.get("content-type")).toBe("application/json");
  });

  it("reports bad credentials as unauthorized", async () => {
    const transport = tableTransport({ "POST /accounts/users/auth/login": () => new Response("", { status: 401 }) });
    await expect(login(testContext(transport), { login: "x", password: "y" })).rejects.toBeInstanceOf(UpstreamUnauthorizedError);
  });

  it("treats social authenticate's 404 as still pending", async () => {
    const pending = tableTransport({});
    expect(await authenticateSocial(testContext(pending), "state-1")).toBeNull();
    const done = tableTransport({ "/accounts/users/auth/social/authenticate": { token: "social-token" } });
    expect(await authenticateSocial(testContext(done), "state-1")).toBe("social-token");
    expect(new URL(done.requests[0]!.url).searchParams.get("state")).toBe("state-1");
  });
});
