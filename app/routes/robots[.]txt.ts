import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/features/sitemap/robots";
import { siteOrigin } from "~/features/sitemap/sitemap.server";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
