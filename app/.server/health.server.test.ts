import { describe, expect, it } from "vitest";
import { mayReadHealthDetails } from "./health.server";

const TOKEN = "health-token-0123456789";

function healthRequest(headers: Record<string, string> = {}): Request {
  return new Request("http://app.test/healthz", { headers });
}

describe("who may read /healthz's details", () => {
  it("a caller on this machine", () => {
    for (const address of ["127.0.0.1", "127.5.6.7", "::1", "::ffff:127.0.0.1"]) {
      expect(mayReadHealthDetails(healthRequest(), { clientIp: address }, undefined), address).toBe(true);
    }
  });

  it("nobody else without the token, whatever headers they send", () => {
    for (const address of ["10.0.0.1", "203.0.113.9", "::ffff:10.0.0.1", "fe80::1", "unknown"]) {
      expect(mayReadHealthDetails(healthRequest({ "x-forwarded-for": "127.0.0.1" }), { clientIp: address }, TOKEN), address).toBe(false);
    }
    expect(mayReadHealthDetails(healthRequest(), null, TOKEN)).toBe(false);
  });

  it("a caller that presents the configured token", () => {
    const remote = { clientIp: "203.0.113.9" };
    expect(mayReadHealthDetails(healthRequest({ authorization: `Bearer ${TOKEN}` }), remote, TOKEN)).toBe(true);
    expect(mayReadHealthDetails(healthRequest({ authorization: `Bearer ${TOKEN}x` }), remote, TOKEN)).toBe(false);
    expect(mayReadHealthDetails(healthRequest({ authorization: "Bearer " }), remote, TOKEN)).toBe(false);
    expect(mayReadHealthDetails(healthRequest({ authorization: `Bearer ${TOKEN}` }), remote, undefined)).toBe(false);
  });
});
