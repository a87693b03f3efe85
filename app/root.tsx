import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Links, Meta, Outlet, useLocation, useRouteError } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { retryAfterOf } from "~/.server/http-cache.server";
import type { rootLoader } from "~/features/root/root-loader.server";
import { markDocumentHydrated } from "~/components/document-hydration";
import { useRootData } from "~/shared/root-data";
import { describeError } from "~/components/error-page/describe-error";
import { ErrorPage } from "~/components/error-page/error-page";
import { revalidateUnlessShownRangeGrows } from "~/shared/paging/page-range";
import { ModulePreloads } from "~/framework/module-preloads";
import { NavigationProgress } from "~/components/navigation-progress";
import { useNonce } from "~/components/nonce-provider";
import { PageScripts } from "~/framework/page-scripts";
import { LowDataProvider } from "~/components/low-data";
import { PathLinkBehaviour } from "~/components/path-link";
import { announceRouterReady } from "~/framework/remix-globals";
import { ScrollRestoration } from "~/framework/scroll-restoration";
import { useOptimisticTheme } from "~/components/theme-switch";
import { Toaster } from "~/components/toasts/toaster";
import { useLayoutEffectInBrowser } from "~/components/use-layout-effect-in-browser";
import { ViewportReporter } from "~/components/viewport-reporter";
import { AccountExtrasProvider } from "~/features/account/account-extras";
import { PwaNotices } from "~/features/pwa/pwa-notices";
import { pageMeta } from "~/shared/seo/page-meta";
import stylesheet from "~/styles/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icons/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export { rootLoader as loader } from "~/features/root/root-loader.server";

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

export const meta: MetaFunction<typeof rootLoader> = (args) => {
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

const fallbackContacts = { siteName: "AniLibria", contactEmail: "ads@anilibria.example", abuseEmail: "abuse@anilibria.example" };

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const nonce = useNonce();
  const theme = useOptimisticTheme(rootData?.preferences.theme ?? "dark");
  const { key: locationKey } = useLocation();
  // The location of the first render only: the router's later moves reach the page through its subscription.
  useLayoutEffectInBrowser(() => announceRouterReady(locationKey), []);
  return (
    <html lang="ru" className={theme} data-viewport={rootData?.preferences.viewport ?? "md"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#000000" />
        <meta name="color-scheme" content={theme === "light" ? "light" : "dark"} />
        <Meta />
        <Links />
        <ModulePreloads />
      </head>
      <body className="bg-page font-sans text-ink antialiased">
        <NavigationProgress />
        <LowDataProvider reason={rootData?.preferences.lowData ?? null}>
          <AccountExtrasProvider extras={rootData?.accountExtras}>{children}</AccountExtrasProvider>
          <PathLinkBehaviour />
        </LowDataProvider>
        <Toaster toast={rootData?.toast ?? null} />
        <PwaNotices />
        <ViewportReporter />
        <ScrollRestoration nonce={nonce} />
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(markDocumentHydrated, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRootData();
  useEffect(() => {
    // An answer the server chose (a 404, a 403) is what the page says, and the browser has logged the request; only
    // a failure goes to the console, as readable text: a route error logged as an object showed its minified class
    // name (decision 0283).
    if (!isRouteErrorResponse(error)) console.error(error);
    else if (error.status >= 500) console.error(`${error.status} ${error.statusText}`.trim(), error.data);
  }, [error]);
  const contacts = rootData
    ? { siteName: rootData.site.name, contactEmail: rootData.site.contactEmail, abuseEmail: rootData.site.abuseEmail }
    : fallbackContacts;
  return <ErrorPage error={describeError(error)} contacts={contacts} />;
}
