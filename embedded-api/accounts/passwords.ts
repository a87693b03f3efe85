// Password hashing with scrypt (random salt, constant-time verification).
import crypto from "node:crypto";

const KEY_LENGTH = 32;
/** scrypt's N; the stored hash names it, so hashes of another cost still verify. */
export const PASSWORD_HASH_COST = 16384;

export function hashPassword(password: string, cost: number = PASSWORD_HASH_COST): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, KEY_LENGTH, { N: cost, r: 8, p: 1 });
  return `scrypt$${cost}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, cost, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !cost || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = crypto.scryptSync(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(cost),
    r: 8,
    p: 1,
  });
  return crypto.timingSafeEqual(expected, actual);
}
