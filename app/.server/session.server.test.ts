import { describe, expect, it } from "vitest";
import {
  commitSessionToken,
  decryptSessionValue,
  destroySession,
  encryptSessionValue,
  getSessionToken,
  getSessionUser,
  requireUser,
  SESSION_MAX_AGE_SECONDS,
} from "./session.server";

const OLD_SECRET = "old-secret-0123456789-0123456789-abcdef";
const NEW_SECRET = "new-secret-0123456789-0123456789-abcdef";
const TOKEN = "upstream-token-7f3a9c2e1b";

function requestWith(setCookie: string, path = "/me/favorites/?page=2"): Request {
  const pair = setCookie.split(";")[0]!;
  return new Request(`http://localhost${path}`, { headers: { Cookie: `theme=dark; ${pair}` } });
}

describe("session cookie", () => {
  it("round-trips the token", () => {
    const request = requestWith(commitSessionToken(TOKEN));
    expect(getSessionToken(request)).toBe(TOKEN);
    expect(getSessionUser(request)?.token).toBe(TOKEN);
  });

  it("is HttpOnly, SameSite=Lax, Path=/ and named `session` outside production", () => {
    const cookie = commitSessionToken(TOKEN);
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]+; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${SESSION_MAX_AGE_SECONDS}`);
    expect(cookie).not.toContain("Secure");
  });

  it("never shows the token, or any part of it, in the cookie", () => {
    const cookie = commitSessionToken(TOKEN);
    const value = cookie.split(";")[0]!.split("=")[1]!;
    for (let start = 0; start + 6 <= TOKEN.length; start += 1) expect(value).not.toContain(TOKEN.slice(start, start + 6));
    expect(Buffer.from(value, "base64url").toString("latin1")).not.toContain("upstream");
    // Two commits of the same token differ (random IV).
    expect(commitSessionToken(TOKEN).split(";")[0]).not.toBe(cookie.split(";")[0]);
  });

  it("treats a tampered cookie as signed out", () => {
    const value = commitSessionToken(TOKEN).split(";")[0]!.split("=")[1]!;
    const bytes = Buffer.from(value, "base64url");
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    expect(getSessionToken(requestWith(`session=${bytes.toString("base64url")}`))).toBeNull();
  });

  it.each(["", "garbage", "%E0%A4%A", "a.b.c", "AAAA", "x".repeat(5000)])("treats a foreign cookie %j as signed out", (value) => {
    expect(getSessionToken(requestWith(`session=${value}`))).toBeNull();
  });

  it("reads cookies sealed with an older secret while it is still listed (rotation)", () => {
    const sealed = encryptSessionValue({ v: 1, token: TOKEN, iat: Date.now() }, OLD_SECRET);
    expect(decryptSessionValue(sealed, [NEW_SECRET, OLD_SECRET])?.token).toBe(TOKEN);
    expect(decryptSessionValue(sealed, [NEW_SECRET])).toBeNull();
  });

  it("expires sessions older than the max age", () => {
    const issuedAt = Date.now() - (SESSION_MAX_AGE_SECONDS + 60) * 1000;
    const sealed = encryptSessionValue({ v: 1, token: TOKEN, iat: issuedAt }, NEW_SECRET);
    expect(decryptSessionValue(sealed, [NEW_SECRET])).toBeNull();
  });

  it("destroys with an expired empty cookie", () => {
    expect(destroySession()).toMatch(/^session=; .*Max-Age=0/);
  });
});

describe("requireUser", () => {
  it("redirects visitors to login with a safe redirectTo", () => {
    let thrown: unknown;
    try {
      requireUser(new Request("http://localhost/me/favorites/?page=2"));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F%3Fpage%3D2");
  });

  it("returns the session user when signed in", () => {
    expect(requireUser(requestWith(commitSessionToken(TOKEN))).token).toBe(TOKEN);
  });
});
