import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/.server/site-origin.server";
import { robotsTxt } from "~/features/sitemap/robots";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
