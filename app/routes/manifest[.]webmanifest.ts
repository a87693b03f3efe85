// /manifest.webmanifest: revalidated on every use (never immutable), so a renamed site or new icons reach installed apps.
import { getEnv } from "~/.server/env.server";
import { webAppManifest } from "~/features/pwa/web-manifest";

export function loader() {
  return new Response(JSON.stringify(webAppManifest(getEnv().SITE_NAME)), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
