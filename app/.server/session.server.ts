// The session cookie: the upstream token, encrypted with AES-256-GCM so the browser can neither read nor forge it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { readCookie } from "~/domain/cookies";
import { getEnv } from "./env.server";
import { safeRedirectPath } from "./security/safe-redirect.server";

const PAYLOAD_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Upstream tokens carry no visible expiry; a month matches the live site's "remember me". */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;
export const LOGIN_PATH = "/app/auth/login";

type SessionPayload = { v: typeof PAYLOAD_VERSION; token: string; iat: number };

export type SessionUser = { token: string; issuedAt: Date };

/** `__Host-` demands Secure, which plain-HTTP development cannot send back. */
export function sessionCookieName(isProduction = getEnv().isProduction): string {
  return isProduction ? "__Host-session" : "session";
}

const keyCache = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "anilibria-web/session", "aes-256-gcm cookie key v1", 32));
    keyCache.set(secret, key);
  }
  return key;
}

export function encryptSessionValue(payload: SessionPayload, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
}

function decryptWith(sealed: Buffer, secret: string): string | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Any of the secrets may have sealed it (rotation); anything unreadable, foreign or stale is "signed out". */
export function decryptSessionValue(value: string, secrets: readonly string[], now = Date.now()): SessionPayload | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const sealed = Buffer.from(value, "base64url");
  if (sealed.length <= IV_BYTES + TAG_BYTES) return null;
  for (const secret of secrets) {
    const plaintext = decryptWith(sealed, secret);
    if (plaintext === null) continue;
    try {
      const payload = JSON.parse(plaintext) as Partial<SessionPayload>;
      if (payload.v !== PAYLOAD_VERSION || typeof payload.token !== "string" || !payload.token) return null;
      if (typeof payload.iat !== "number" || now - payload.iat > SESSION_MAX_AGE_SECONDS * 1000) return null;
      return { v: PAYLOAD_VERSION, token: payload.token, iat: payload.iat };
    } catch {
      return null;
    }
  }
  return null;
}

export function readRequestCookie(request: Request, name: string): string | null {
  return readCookie(request.headers.get("cookie"), name) ?? null;
}

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = getEnv().isProduction ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax${secure}; Max-Age=${maxAgeSeconds}`;
}

/** The signed-in user, or null for a visitor (an unreadable, foreign or stale cookie counts as none). */
export function getSessionUser(request: Request): SessionUser | null {
  const value = readRequestCookie(request, sessionCookieName());
  if (!value) return null;
  const payload = decryptSessionValue(value, getEnv().sessionSecrets);
  return payload ? { token: payload.token, issuedAt: new Date(payload.iat) } : null;
}

export function getSessionToken(request: Request): string | null {
  return getSessionUser(request)?.token ?? null;
}

/** A `Set-Cookie` value storing `token`, sealed with the newest secret. */
export function commitSessionToken(token: string, now = Date.now()): string {
  const [newestSecret] = getEnv().sessionSecrets;
  if (!newestSecret) throw new Error("No session secret configured");
  const value = encryptSessionValue({ v: PAYLOAD_VERSION, token, iat: now }, newestSecret);
  return `${sessionCookieName()}=${value}; ${cookieAttributes(SESSION_MAX_AGE_SECONDS)}`;
}

/** A `Set-Cookie` value that removes the session. */
export function destroySession(): string {
  return `${sessionCookieName()}=; ${cookieAttributes(0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The path (with query) to come back to after login. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return safeRedirectPath(`${url.pathname}${url.search}`);
}

export function loginRedirectUrl(request: Request): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: currentPath(request) })}`;
}

/** Visitors are sent to the login page and come back here afterwards. */
export function requireUser(request: Request): SessionUser {
  const user = getSessionUser(request);
  if (!user) throw redirect(loginRedirectUrl(request));
  return user;
}
