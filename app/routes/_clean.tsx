// The clean layout (auth pages, sitemap, developer pages): logo, page, disclaimers — no navigation.
import { Outlet } from "@remix-run/react";
import { FooterDisclaimers } from "~/components/layout/site-footer";
import { SiteLogo } from "~/components/layout/site-logo";
import { SkipLink } from "~/components/layout/skip-link";
import { useRootData } from "~/shared/root-data";

export default function CleanLayout() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-screen-xl items-center px-4">
        <SiteLogo siteName={root.site.name} />
      </header>
      <main id="main" className="mx-auto w-full max-w-screen-md flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-line px-4 py-6">
        <FooterDisclaimers
          siteName={root.site.name}
          contactEmail={root.site.contactEmail}
          abuseEmail={root.site.abuseEmail}
          year={root.year}
        />
      </footer>
    </div>
  );
}
