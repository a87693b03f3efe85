import { describe, expect, it } from "vitest";
import { LIMITS } from "./auth-limits";
import { emailLinkHeaders, emailLinkLoader, readEmailLinkToken } from "./email-link.server";
import { loader as resetPasswordLoader } from "~/routes/_clean.app.auth.password.resetPassword";
import { loader as verifyEmailLoader } from "~/routes/_clean.app.auth.registration.verifyEmail";
import { withLoadContext } from "../../../tests/support/load-context";

const opened = (search: string) => new Request(`http://localhost/app/auth/password/resetPassword${search}`);

describe("readEmailLinkToken", () => {
  it("reads the token the link carries", () => {
    expect(readEmailLinkToken(opened("?token=abc123"))).toBe("abc123");
  });

  it.each(["", "?token=", `?token=${"x".repeat(LIMITS.token.max + 1)}`])("answers null for a missing or malformed token (%#)", (search) => {
    expect(readEmailLinkToken(opened(search))).toBeNull();
  });
});

describe("the e-mail link pages", () => {
  it.each([
    ["reset password", resetPasswordLoader],
    ["verify e-mail", verifyEmailLoader],
  ])("%s: the loader hands the token to the page", (_page, loader) => {
    const args = withLoadContext({ request: opened("?token=from-mail"), params: {}, context: {} });
    expect(loader(args)).toMatchObject({ data: { token: "from-mail" } });
    expect(emailLinkLoader(args)).toMatchObject({ data: { token: "from-mail" } });
  });

  it("keeps the token out of caches and other sites' Referer", () => {
    const answered = { loaderHeaders: new Headers(), actionHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined };
    const headers = new Headers(emailLinkHeaders(answered) as HeadersInit);
    expect(headers.get("Cache-Control")).toMatch(/no-store/);
    expect(headers.get("Referrer-Policy")).toBe("same-origin");
  });

  it("keeps a refused submission's Retry-After", () => {
    const refused = {
      loaderHeaders: new Headers(),
      actionHeaders: new Headers({ "Retry-After": "12" }),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    };
    expect(new Headers(emailLinkHeaders(refused) as HeadersInit).get("Retry-After")).toBe("12");
  });
});
