import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterSignInPath } from "./redirect-target.server";

const ORIGIN = "https://site.example";

describe("afterSignInPath", () => {
  it.each(["/", "/anime/catalog/?types=TV", "/me/favorites/", "/app/auth/otp/linkDevice", "/app/settings/account"])("keeps %s", (path) => {
    expect(afterSignInPath(path)).toBe(path);
  });

  it.each([
    "/app/auth/login",
    "/app/auth/login?redirectTo=%2F",
    "/APP/AUTH/LOGIN",
    "/app/auth/registration/newRegistration",
    "/app/auth/password/resetPassword?token=x",
    "/app/auth/social/callback?state=x",
    "/app/auth/logout",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "/%2F%2Fevil.example",
    null,
  ])("sends %j home instead", (raw) => {
    expect(afterSignInPath(raw)).toBe("/");
  });

  it("never leaves the origin nor lands on a signed-out-only page, whatever the input", () => {
    const input = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.webUrl(),
      fc.webPath(),
      fc
        .constantFrom("/", "//", "/\\", "/%2F", "\t", "\r\n", "/app/auth/", "/app/auth/login")
        .chain((head) => fc.string({ unit: "binary" }).map((tail) => head + tail)),
    );
    fc.assert(
      fc.property(input, (raw) => {
        const result = afterSignInPath(raw);
        expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(/^\/app\/auth\/(login|registration|password|social|logout)(\/|$|\?|#)/i.test(result)).toBe(false);
      }),
      { numRuns: 1_000 },
    );
  });
});
