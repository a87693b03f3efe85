// Social sign-in through the local consent page that stands in for VK, Google, Patreon and Discord.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { notFound } from "../http/api-error";
import { parseInput } from "../http/validation";
import { randomPasskey, randomSecret, sha256 } from "./secrets";
import { signIn } from "./auth-routes";
import type { Db } from "../db/database";
import { AVATAR_COUNT } from "../demo-constants";
import { SOCIAL_PROVIDERS, type SocialLoginRow, type SocialProvider } from "../db/rows";
import { makeRoomForSocialLogin } from "./housekeeping";

export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  vk: "VK ID",
  google: "Google",
  patreon: "Patreon",
  discord: "Discord",
};
const STATE_LIFETIME_MS = 15 * 60 * 1000;

const HostSchema = z.object({
  host: z
    .string()
    .max(200)
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), "Поле host должно быть адресом http(s).")
    .optional(),
});

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** True while the consent page has not been answered for this state. */
export function awaitsConsent(row: SocialLoginRow): boolean {
  return row.purpose === "link" ? row.identity === null : row.user_id === null;
}

/** The pending (unexpired, unconsumed) social login of a state, or null. */
export function pendingSocialLogin(db: Db, state: string, now: Date): SocialLoginRow | null {
  const row = db.prepare("SELECT * FROM social_logins WHERE state_hash = ?").get(sha256(state)) as SocialLoginRow | undefined;
  if (!row || row.consumed_at !== null || Date.parse(row.expires_at) <= now.getTime()) return null;
  return row;
}

/** Confirms the consent: binds the state to the user of that provider identity (created on first use). */
export function confirmSocialLogin(db: Db, state: string, identity: string, now: Date): SocialLoginRow | null {
  const pending = pendingSocialLogin(db, state, now);
  if (!pending || !awaitsConsent(pending)) return null;
  // Linking binds the identity only when the same signed-in user completes it (social-links.ts).
  if (pending.purpose === "link") {
    db.prepare("UPDATE social_logins SET identity = ? WHERE state_hash = ?").run(identity, pending.state_hash);
    return { ...pending, identity };
  }
  return db.transaction(() => {
    const known = db
      .prepare("SELECT user_id FROM user_social_identities WHERE provider = ? AND provider_user_id = ?")
      .pluck()
      .get(pending.provider, identity) as number | undefined;
    let userId = known;
    if (userId === undefined) {
      const slug =
        identity
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "_")
          .replace(/^_+|_+$/g, "")
          .slice(0, 20) || "user";
      let login = `${pending.provider}_${slug}`;
      while (db.prepare("SELECT 1 FROM users WHERE login = ?").get(login))
        login = `${pending.provider}_${slug}_${randomSecret(3).toLowerCase()}`;
      userId = Number(
        db
          .prepare(
            `INSERT INTO users (login, email, nickname, password_hash, email_verified_at, avatar_index, torrent_passkey, created_at)
             VALUES (?, ?, ?, NULL, ?, ?, ?, ?)`,
          )
          .run(
            login,
            `${login}@${pending.provider}.social.local`,
            identity,
            now.toISOString(),
            (login.length % AVATAR_COUNT) + 1,
            randomPasskey(),
            now.toISOString(),
          ).lastInsertRowid,
      );
      db.prepare("INSERT INTO user_social_identities (provider, provider_user_id, user_id, created_at) VALUES (?, ?, ?, ?)").run(
        pending.provider,
        identity,
        userId,
        now.toISOString(),
      );
    }
    db.prepare("UPDATE social_logins SET user_id = ? WHERE state_hash = ?").run(userId, pending.state_hash);
    return { ...pending, user_id: userId };
  })();
}

export function cancelSocialLogin(db: Db, state: string, now: Date): SocialLoginRow | null {
  const pending = pendingSocialLogin(db, state, now);
  if (!pending) return null;
  db.prepare("UPDATE social_logins SET consumed_at = ? WHERE state_hash = ?").run(now.toISOString(), pending.state_hash);
  return pending;
}

/** Where the consent page sends the browser back to (the app's sign-in or settings callback page). */
export function socialCallbackUrl(row: Pick<SocialLoginRow, "host" | "purpose">, state: string, error?: string): string {
  const url = new URL(row.purpose === "link" ? "/app/settings/socials/callback" : "/app/auth/social/callback", row.host);
  url.searchParams.set("state", state);
  if (error) url.searchParams.set("error", error);
  return url.toString();
}

/** Starts a sign-in (no user) or the linking of a provider to `linkUserId`: `{url, state}` of the consent page. */
export function startSocialFlow(context: RequestContext, linkUserId: number | null) {
  const provider = context.params.provider ?? "";
  if (!isSocialProvider(provider)) throw notFound("Указанный провайдер социальной сети не существует");
  // The consent stand-in would let anyone claim any identity, so it only exists outside production.
  if (context.services.production) throw notFound("Вход через социальные сети недоступен");
  const { host } = parseInput(HostSchema, context.query);
  const state = randomSecret(24);
  const now = context.now();
  makeRoomForSocialLogin(context.db, now);
  context.db
    .prepare(
      "INSERT INTO social_logins (state_hash, provider, host, user_id, purpose, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(
      sha256(state),
      provider,
      new URL(host ?? context.origin).origin,
      linkUserId,
      linkUserId === null ? "login" : "link",
      new Date(now.getTime() + STATE_LIFETIME_MS).toISOString(),
      now.toISOString(),
    );
  return { url: `${context.origin}/embedded/oauth/${provider}?state=${encodeURIComponent(state)}`, state };
}

export const socialRoutes: Route[] = [
  {
    method: "GET",
    path: "/accounts/users/auth/social/{provider}/login",
    handler: (context) => startSocialFlow(context, null),
  },
  {
    method: "GET",
    path: "/accounts/users/auth/social/authenticate",
    handler: (context) => {
      const { state } = parseInput(z.object({ state: z.string().min(1).max(256) }), context.query);
      const pending = pendingSocialLogin(context.db, state, context.now());
      if (!pending || pending.purpose !== "login" || pending.user_id === null) {
        throw notFound("Ключ аутентификации не существует или пользователь еще не авторизован");
      }
      context.db
        .prepare("UPDATE social_logins SET consumed_at = ? WHERE state_hash = ?")
        .run(context.now().toISOString(), pending.state_hash);
      return signIn(context, pending.user_id);
    },
  },
];
