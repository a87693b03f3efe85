import { createECDH } from "node:crypto";
import webPush from "web-push";
import { describe, expect, it } from "vitest";
import { newVapidKeyPair } from "./vapid-keys.mjs";

describe("a new VAPID key pair", () => {
  // One key in 256 has a leading zero byte: among 3,000, a short one turns up in all but 0.001 % of runs.
  const pairs = Array.from({ length: 3_000 }, () => newVapidKeyPair());

  it("always has a 32-byte private key, that web-push signs with", () => {
    for (const { privateKey } of pairs) expect(Buffer.from(privateKey, "base64url")).toHaveLength(32);
    const shortest = pairs.find(({ privateKey }) => Buffer.from(privateKey, "base64url")[0] === 0) ?? pairs[0]!;
    expect(() =>
      webPush.getVapidHeaders("https://push.example.com", "mailto:ops@example.com", shortest.publicKey, shortest.privateKey, "aes128gcm"),
    ).not.toThrow();
  });

  it("has the public key of that private key", () => {
    for (const { publicKey, privateKey } of pairs.slice(0, 50)) {
      const curve = createECDH("prime256v1");
      curve.setPrivateKey(Buffer.from(privateKey, "base64url"));
      expect(curve.getPublicKey("base64url")).toBe(publicKey);
    }
  });
});
