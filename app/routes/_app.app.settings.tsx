// /app/settings/*: the signed-in user's settings, one section per child route (docs/product.md#routes).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet } from "@remix-run/react";
import { requireUser } from "~/.server/session.server";
import { DATA_PATH } from "~/features/lists/list-filters";
import { settingsSectionLinks } from "~/features/settings/settings-paths";
import { settingsStrings } from "~/features/settings/strings";
import { useIntentPrefetch } from "~/components/low-data";

export function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return null;
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium hover:bg-surface-raised ${isActive ? "bg-surface-raised text-ink" : "text-muted"}`;

export default function SettingsLayout() {
  const prefetch = useIntentPrefetch();
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">{settingsStrings.title}</h1>
      <div className="mt-6 flex flex-col gap-6 md:flex-row">
        <nav aria-label={settingsStrings.navLabel} className="md:w-48 md:shrink-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {settingsSectionLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={tabClass} prefetch={prefetch}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <Link to={DATA_PATH} className="underline underline-offset-2">
              {settingsStrings.dataLink}
            </Link>
          </p>
        </nav>
        <div className="min-w-0 flex-1 space-y-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
