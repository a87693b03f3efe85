import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./content-security-policy.server";

describe("content security policy", () => {
  it("allows scripts only by nonce and never inline", () => {
    const policy = contentSecurityPolicy({ nonce: "abc", recaptcha: false, development: false });
    expect(policy).toContain("script-src 'nonce-abc' 'strict-dynamic' 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("opens the bot-check origins only when the bot check is configured", () => {
    expect(contentSecurityPolicy({ nonce: "n", recaptcha: true, development: false })).toContain("https://www.recaptcha.net");
    expect(contentSecurityPolicy({ nonce: "n", recaptcha: false, development: false })).not.toContain("recaptcha");
  });

  it("opens the fingerprint service's hosts only when it is configured", () => {
    expect(contentSecurityPolicy({ nonce: "n", recaptcha: false, development: false, fingerprintService: true })).toContain(
      "https://fpjscdn.net",
    );
    expect(contentSecurityPolicy({ nonce: "n", recaptcha: false, development: false })).not.toContain("fpjs");
  });

  it("lets an operator's ad network serve media and receive tracking requests only when a VAST tag is configured", () => {
    const withAds = contentSecurityPolicy({ nonce: "n", recaptcha: false, development: false, thirdPartyVideoAds: true });
    expect(withAds).toContain("media-src 'self' blob: https:");
    expect(withAds).toContain("connect-src 'self' https:");
    expect(contentSecurityPolicy({ nonce: "n", recaptcha: false, development: false })).toContain("connect-src 'self';");
  });

  it("lets every media host (mirrors) serve streams and images, even over plain http", () => {
    const policy = contentSecurityPolicy({
      nonce: "n",
      recaptcha: false,
      development: false,
      mediaOrigins: ["http://127.0.0.1:6311", "https://cache-2.example/media"],
    });
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:6311 https://cache-2.example https:");
    expect(policy).toContain("media-src 'self' blob: http://127.0.0.1:6311 https://cache-2.example https:");
  });

  it("makes a fresh unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
