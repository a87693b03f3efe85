// Everything a handler needs about one request: input, the caller, the database and the clock.
import type { Db } from "../db/database";
import { ApiError, forbidden } from "./api-error";
import type { QueryObject } from "./query-string";
import { findSession, type SignedInUser } from "../accounts/sessions";

export type RecaptchaVerifier = (token: string, remoteIp: string) => Promise<boolean>;

export interface Services {
  db: Db;
  production: boolean;
  now: () => Date;
  /** Present when a bot-check secret is configured; otherwise the token is required but not verified. */
  verifyRecaptcha: RecaptchaVerifier | null;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? (match[1] as string) : null;
}

export class RequestContext {
  readonly url: URL;
  readonly origin: string;
  private sessionLookup: SignedInUser | null | undefined;

  constructor(
    readonly request: Request,
    readonly services: Services,
    readonly params: Record<string, string>,
    readonly query: QueryObject,
  ) {
    this.url = new URL(request.url);
    this.origin = this.url.origin;
  }

  get db(): Db {
    return this.services.db;
  }

  now(): Date {
    return this.services.now();
  }

  get clientIp(): string {
    const forwarded = this.request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    return forwarded || this.request.headers.get("x-real-ip") || "127.0.0.1";
  }

  get userAgent(): string {
    return (this.request.headers.get("user-agent") ?? "").slice(0, 512);
  }

  bearerToken(): string | null {
    return bearerTokenOf(this.request);
  }

  /** The signed-in user of a valid bearer token, or null. */
  user(): SignedInUser | null {
    if (this.sessionLookup === undefined) {
      const token = this.bearerToken();
      this.sessionLookup = token ? findSession(this.db, token, this.now()) : null;
    }
    return this.sessionLookup;
  }

  requireUser(): SignedInUser {
    const user = this.user();
    if (!user) throw forbidden();
    return user;
  }

  async json(): Promise<unknown> {
    const text = await this.request.text();
    if (text.length > MAX_BODY_BYTES) throw new ApiError(413, "Слишком большой запрос");
    if (text.trim() === "") return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(422, "Тело запроса должно быть корректным JSON.", {
        body: ["Тело запроса должно быть корректным JSON."],
      });
    }
  }
}
