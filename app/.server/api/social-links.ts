// The social accounts linked to the user's account: list, link and unlink (beyond the document,
// docs/decisions/0082). Social sign-in itself is in auth.ts.
import { z } from "zod/v4";
import { SOCIAL_PROVIDERS, type SocialProvider } from "~/domain/account";
import type { SocialLink } from "~/domain/account-settings";
import { SocialConsentSchema } from "./auth";
import type { ApiContext } from "./context";
import { requestJson } from "./request";
import { flag, listSchema, optionalText } from "./schemas";

const SocialLinksSchema = listSchema(
  z.object({ provider: z.string(), name: optionalText, is_linked: flag, identity: optionalText, linked_at: optionalText }).passthrough(),
).transform((rows) =>
  rows.flatMap((row): SocialLink[] => {
    const provider = SOCIAL_PROVIDERS.find((known) => known === row.provider);
    // Providers this build has no sign-in for are left out: nothing could be done with them here.
    return provider
      ? [{ provider, name: row.name ?? provider, isLinked: row.is_linked, identity: row.identity, linkedAt: row.linked_at }]
      : [];
  }),
);

export function getSocialLinks(context: ApiContext): Promise<SocialLink[]> {
  return requestJson(context, { path: "/accounts/users/me/socials" }, SocialLinksSchema);
}

/** Where to send the user to allow the link; `host` is where the provider returns to. */
export async function startSocialLink(
  context: ApiContext,
  provider: SocialProvider,
  host: string,
): Promise<{ url: string; state: string }> {
  const path = `/accounts/users/me/socials/${encodeURIComponent(provider)}/link`;
  const answer = await requestJson(context, { path, query: { host } }, SocialConsentSchema);
  return { url: answer.url, state: answer.state };
}

export function completeSocialLink(context: ApiContext, provider: SocialProvider, state: string): Promise<SocialLink[]> {
  const path = `/accounts/users/me/socials/${encodeURIComponent(provider)}/link`;
  return requestJson(context, { method: "POST", path, body: { state } }, SocialLinksSchema);
}

export function unlinkSocial(context: ApiContext, provider: SocialProvider): Promise<SocialLink[]> {
  return requestJson(context, { method: "DELETE", path: `/accounts/users/me/socials/${encodeURIComponent(provider)}` }, SocialLinksSchema);
}
