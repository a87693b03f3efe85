import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { getEnv } from "~/.server/env.server";
import { NO_STORE_CACHE_CONTROL, pageCacheHeaders, retryAfterOf } from "~/.server/http-cache.server";
import { loadRootData } from "~/.server/root-data.server";
import { readPreferences } from "~/.server/preferences.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { rememberedNewEpisodesCount } from "~/features/new-episodes/new-episodes.server";
import { takeToast } from "~/.server/toast.server";
import { describeError } from "~/components/error-page/describe-error";
import { ErrorPage } from "~/components/error-page/error-page";
import { LoadingBar } from "~/components/loading-bar";
import { revalidateUnlessShownRangeGrows } from "~/components/paging/page-range";
import { useNonce } from "~/components/nonce-provider";
import { useOptimisticTheme } from "~/components/theme-switch";
import { Toaster } from "~/components/toasts/toaster";
import { ViewportReporter } from "~/components/viewport-reporter";
import { AccountExtrasProvider } from "~/features/account/account-extras";
import { InstallAppPrompt } from "~/features/pwa/install-app-prompt";
import { OfflineReadyNotice } from "~/features/pwa/offline-ready-notice";
import { pageMeta } from "~/features/seo/page-meta";
import { imageSource } from "~/domain/image";
import stylesheet from "~/styles/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icons/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const preferences = readPreferences(request);
  const [{ toast, clearHeader }, account] = await Promise.all([takeToast(request), loadRootData(request)]);
  const headers = new Headers(account.headers);
  for (const [name, value] of Object.entries(pageCacheHeaders(request))) headers.set(name, value);
  if (clearHeader) {
    headers.append("Set-Cookie", clearHeader);
    headers.set("Cache-Control", NO_STORE_CACHE_CONTROL);
  }
  const { profile } = account;
  return data(
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
            newEpisodes: rememberedNewEpisodesCount(request),
          }
        : null,
    },
    { headers },
  );
}

/** "Показать ещё" moving a list's address on has nothing for the root to load again. */
export const shouldRevalidate = revalidateUnlessShownRangeGrows;

/**
 * Pages without their own `headers` inherit the root's caching policy (public for visitors, private once signed
 * in). An error page takes the thrown answer's policy instead (never the page's public one) and its Retry-After;
 * the server makes every failure `no-store` whatever it says (decision 0106).
 */
export const headers: HeadersFunction = (args) => {
  const inherited = new Headers();
  const policy = args.errorHeaders ?? args.loaderHeaders;
  for (const name of ["Cache-Control", "Vary"]) {
    const value = policy.get(name);
    if (value) inherited.set(name, value);
  }
  for (const [name, value] of Object.entries(retryAfterOf(args))) inherited.set(name, value);
  return inherited;
};

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export const meta: MetaFunction<typeof loader> = (args) => {
  if (args.error) {
    const described = describeError(args.error);
    return [
      { title: described.title },
      { name: "description", content: described.description },
      { name: "robots", content: "noindex, nofollow" },
    ];
  }
  return pageMeta(args, {});
};

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootLoaderData | undefined;
}

const fallbackContacts = { siteName: "AniLibria", contactEmail: "ads@anilibria.example", abuseEmail: "abuse@anilibria.example" };

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const nonce = useNonce();
  const theme = useOptimisticTheme(rootData?.preferences.theme ?? "dark");
  return (
    <html lang="ru" className={theme} data-viewport={rootData?.preferences.viewport ?? "md"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#000000" />
        <meta name="color-scheme" content={theme === "light" ? "light" : "dark"} />
        <Meta />
        <Links />
      </head>
      <body className="bg-page font-sans text-ink antialiased">
        <LoadingBar />
        <AccountExtrasProvider extras={rootData?.accountExtras}>{children}</AccountExtrasProvider>
        <Toaster toast={rootData?.toast ?? null} />
        <InstallAppPrompt />
        <OfflineReadyNotice />
        <ViewportReporter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRootData();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const contacts = rootData
    ? { siteName: rootData.site.name, contactEmail: rootData.site.contactEmail, abuseEmail: rootData.site.abuseEmail }
    : fallbackContacts;
  return <ErrorPage error={describeError(error)} contacts={contacts} />;
}
