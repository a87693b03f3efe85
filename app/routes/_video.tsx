// The video layout (player pages): a dark full-width stage with a slim top bar.
import { Outlet } from "@remix-run/react";
import { SiteLogo } from "~/components/layout/site-logo";
import { SkipLink } from "~/components/layout/skip-link";
import { useRootData } from "~/shared/root-data";

export default function VideoLayout() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <div className="flex min-h-dvh flex-col bg-black text-white">
      <SkipLink />
      <header className="flex h-14 items-center gap-4 px-4">
        <SiteLogo siteName={root.site.name} />
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
