// Linking social accounts to the signed-in user: list, link through the consent stand-in, unlink.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { notFound, validationFailed } from "../http/api-error";
import { parseInput } from "../http/validation";
import { SOCIAL_PROVIDER_NAMES, isSocialProvider, pendingSocialLogin, startSocialFlow } from "./social-login";
import { SOCIAL_PROVIDERS, type SocialIdentityRow, type SocialProvider } from "../db/rows";

function providerParam(context: RequestContext): SocialProvider {
  const provider = context.params.provider ?? "";
  if (!isSocialProvider(provider)) throw notFound("Указанный провайдер социальной сети не существует");
  return provider;
}

function socialLinks(context: RequestContext) {
  const { user } = context.requireUser();
  const rows = context.db
    .prepare("SELECT provider, provider_user_id, created_at FROM user_social_identities WHERE user_id = ?")
    .all(user.id) as SocialIdentityRow[];
  return SOCIAL_PROVIDERS.map((provider) => {
    const row = rows.find((identity) => identity.provider === provider);
    return {
      provider,
      name: SOCIAL_PROVIDER_NAMES[provider],
      is_linked: row !== undefined,
      identity: row?.provider_user_id ?? null,
      linked_at: row?.created_at ?? null,
    };
  });
}

const CompleteSchema = z.object({ state: z.string().min(1).max(256) });

function completeLink(context: RequestContext, provider: SocialProvider, state: string): void {
  const { user } = context.requireUser();
  const pending = pendingSocialLogin(context.db, state, context.now());
  // Only the user who started the link may finish it: a link started by someone else cannot be planted.
  if (!pending || pending.purpose !== "link" || pending.provider !== provider || pending.user_id !== user.id || !pending.identity) {
    throw validationFailed({ state: ["Привязка не подтверждена или устарела. Начните её заново."] });
  }
  const identity = pending.identity;
  context.db.transaction(() => {
    const owner = context.db
      .prepare("SELECT user_id FROM user_social_identities WHERE provider = ? AND provider_user_id = ?")
      .pluck()
      .get(provider, identity) as number | undefined;
    if (owner !== undefined && owner !== user.id) {
      throw validationFailed({ provider: [`Этот аккаунт ${SOCIAL_PROVIDER_NAMES[provider]} уже привязан к другому пользователю.`] });
    }
    const other = context.db
      .prepare("SELECT 1 FROM user_social_identities WHERE provider = ? AND user_id = ? AND provider_user_id <> ?")
      .get(provider, user.id, identity);
    if (other) {
      throw validationFailed({ provider: [`Уже привязан другой аккаунт ${SOCIAL_PROVIDER_NAMES[provider]}: сначала отвяжите его.`] });
    }
    context.db
      .prepare("INSERT OR IGNORE INTO user_social_identities (provider, provider_user_id, user_id, created_at) VALUES (?, ?, ?, ?)")
      .run(provider, identity, user.id, context.now().toISOString());
    context.db
      .prepare("UPDATE social_logins SET consumed_at = ? WHERE state_hash = ?")
      .run(context.now().toISOString(), pending.state_hash);
  })();
}

export const socialLinkRoutes: Route[] = [
  { method: "GET", path: "/accounts/users/me/socials", handler: socialLinks },
  {
    method: "GET",
    path: "/accounts/users/me/socials/{provider}/link",
    handler: (context) => startSocialFlow(context, context.requireUser().user.id),
  },
  {
    method: "POST",
    path: "/accounts/users/me/socials/{provider}/link",
    handler: async (context) => {
      context.requireUser();
      const provider = providerParam(context);
      const { state } = parseInput(CompleteSchema, await context.json());
      completeLink(context, provider, state);
      return socialLinks(context);
    },
  },
  {
    method: "DELETE",
    path: "/accounts/users/me/socials/{provider}",
    handler: (context) => {
      const { user } = context.requireUser();
      const provider = providerParam(context);
      const linked = context.db.prepare("SELECT provider FROM user_social_identities WHERE user_id = ?").pluck().all(user.id) as string[];
      if (linked.includes(provider) && user.password_hash === null && linked.length === 1) {
        throw validationFailed({ provider: ["Это единственный способ входа в аккаунт: сначала задайте пароль в разделе «Аккаунт»."] });
      }
      context.db.prepare("DELETE FROM user_social_identities WHERE user_id = ? AND provider = ?").run(user.id, provider);
      return socialLinks(context);
    },
  },
];
