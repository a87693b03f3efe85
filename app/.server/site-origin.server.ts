// The address the site is public at, for canonical URLs, sitemaps, robots.txt and JSON-LD.
import { getEnv } from "./env.server";

/** SITE_URL when configured (without a trailing slash), else the origin the request came in on. */
export function siteOrigin(request: Request): string {
  return getEnv().SITE_URL ?? new URL(request.url).origin;
}
