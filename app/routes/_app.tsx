// The default layout: header, page, footer.
import { Outlet } from "@remix-run/react";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SkipLink } from "~/components/layout/skip-link";
import { useOptimisticTheme } from "~/components/theme-switch";
import { useRootData } from "~/shared/root-data";

export default function AppLayout() {
  const root = useRootData();
  const theme = useOptimisticTheme(root?.preferences.theme ?? "dark");
  if (!root) return <Outlet />;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader siteName={root.site.name} theme={theme} user={root.user} />
      <main id="main" className="mx-auto w-full max-w-screen-xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <SiteFooter siteName={root.site.name} contactEmail={root.site.contactEmail} abuseEmail={root.site.abuseEmail} year={root.year} />
    </div>
  );
}
