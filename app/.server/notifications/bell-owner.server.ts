// Whose bells a request speaks for: the signed-in account (its id, so every device it signs in on agrees), else
// this browser's visitor id, a random cookie made on the visitor's first bell (decision 0284).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { ApiHandle } from "../api/handle";
import { getEnv } from "../env.server";
import { readRequestCookie } from "../session.server";
import type { BellOwner } from "~/domain/episode-bell";

const VISITOR_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** `__Host-` demands Secure, which plain-HTTP development cannot send back. */
export function visitorCookieName(isProduction = getEnv().isProduction): string {
  return isProduction ? "__Host-visitor" : "visitor";
}

/** 128 random bits, base64url: what `newVisitorId` makes; anything else in the cookie is no visitor id. */
export const VisitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export function visitorIdOf(request: Request): string | null {
  const parsed = VisitorIdSchema.safeParse(readRequestCookie(request, visitorCookieName()));
  return parsed.success ? parsed.data : null;
}

export function newVisitorId(): string {
  return randomBytes(16).toString("base64url");
}

export function visitorCookieHeader(visitorId: string): string {
  const secure = getEnv().isProduction ? "; Secure" : "";
  return `${visitorCookieName()}=${visitorId}; Path=/; HttpOnly; SameSite=Lax${secure}; Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}`;
}

/** The owner a page reads the bells of; null for a visitor who never set one (nothing to read). */
export async function bellOwnerOf(request: Request, api: ApiHandle, { optional = false } = {}): Promise<BellOwner | null> {
  if (api.signedIn) {
    const profile = await (optional ? api.optional : api).profile.get();
    return { kind: "account", accountId: profile.id };
  }
  const visitorId = visitorIdOf(request);
  return visitorId ? { kind: "visitor", visitorId } : null;
}
