// The production hashing parameters: every other test hashes at a lower cost (tests/support/vitest-setup.ts).
import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type * as Passwords from "./passwords";

const { hashPassword, verifyPassword, PASSWORD_HASH_COST } = await vi.importActual<typeof Passwords>("./passwords");

describe("password hashes", () => {
  it("are scrypt with N = 16384, r = 8, a 16-byte random salt and a 32-byte key", () => {
    const stored = hashPassword("correct horse");
    const [scheme, cost, salt, key] = stored.split("$");
    expect(PASSWORD_HASH_COST).toBe(16384);
    expect(scheme).toBe("scrypt");
    expect(cost).toBe("16384");
    const saltBytes = Buffer.from(salt!, "base64url");
    expect(saltBytes).toHaveLength(16);
    const expected = crypto.scryptSync("correct horse", saltBytes, 32, { N: 16384, r: 8, p: 1 });
    expect(Buffer.from(key!, "base64url").equals(expected)).toBe(true);
    expect(hashPassword("correct horse")).not.toBe(stored);
  });

  it("verify the right password only, at the cost the hash names", () => {
    const stored = hashPassword("correct horse", 1024);
    expect(stored.startsWith("scrypt$1024$")).toBe(true);
    expect(verifyPassword("correct horse", stored)).toBe(true);
    expect(verifyPassword("correct hors", stored)).toBe(false);
  });

  it("refuse missing and malformed hashes", () => {
    expect(verifyPassword("x", null)).toBe(false);
    expect(verifyPassword("x", "")).toBe(false);
    expect(verifyPassword("x", "bcrypt$10$abc$def")).toBe(false);
    expect(verifyPassword("x", "scrypt$1024$abc")).toBe(false);
  });
});

describe("the test setup", () => {
  it("hashes at the lower cost everywhere else", async () => {
    const mocked = await import("./passwords");
    expect(mocked.hashPassword("x").startsWith("scrypt$1024$")).toBe(true);
  });
});
