// The root route's loader: preferences, the toast, the site's settings, and the account (~/.server/root-data.server.ts).
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { imageSource } from "~/domain/image";
import { getEnv } from "~/.server/env.server";
import { NO_STORE_CACHE_CONTROL, pageCacheHeaders } from "~/.server/http-cache.server";
import { readPreferences } from "~/.server/preferences.server";
import { loadRootData } from "~/.server/root-data.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { takeToast } from "~/.server/toast.server";
import { logWarn } from "~/.server/log.server";
import { sinceLastVisitCount } from "~/features/episode-bell/since-last-visit.server";
import { rememberedNewEpisodesCount } from "~/features/new-episodes/new-episodes.server";
import type { RootLoaderData } from "~/shared/root-data";

/** The account menu's count: «Вышли новые серии» and the bells' episodes no push reached (decision 0284). */
async function accountMenuNewEpisodes(remembered: number | null, accountId: number): Promise<number | null> {
  let unreached = 0;
  try {
    unreached = await sinceLastVisitCount(accountId);
  } catch (error) {
    logWarn("account menu: bells' episodes unavailable", { error });
  }
  return remembered === null && unreached === 0 ? null : (remembered ?? 0) + unreached;
}

export async function rootLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const env = getEnv();
  const preferences = readPreferences(request);
  const [{ toast, clearHeader }, account] = await Promise.all([
    takeToast(request),
    loadRootData(request, { context: args.context.api.optional.context }),
  ]);
  const headers = new Headers(account.headers);
  for (const [name, value] of Object.entries(pageCacheHeaders(request))) headers.set(name, value);
  if (clearHeader) {
    headers.append("Set-Cookie", clearHeader);
    headers.set("Cache-Control", NO_STORE_CACHE_CONTROL);
  }
  const { profile } = account;
  return data<RootLoaderData>(
    {
      preferences,
      toast,
      site: {
        name: env.SITE_NAME,
        origin: siteOrigin(request),
        contactEmail: env.CONTACT_EMAIL,
        abuseEmail: env.ABUSE_EMAIL,
        fingerprintApiKey: env.FINGERPRINT_API_KEY ?? null,
      },
      year: new Date().getFullYear(),
      profile,
      location: account.location,
      accountExtras: account.accountExtras,
      user: profile
        ? {
            nickname: profile.nickname ?? profile.login ?? "Профиль",
            avatarUrl: imageSource(profile.avatar, "thumbnail"),
            newEpisodes: await accountMenuNewEpisodes(rememberedNewEpisodesCount(args.context.api), profile.id),
          }
        : null,
    },
    { headers },
  );
}
