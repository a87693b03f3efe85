// The sitemap index: the static file and as many release files as the catalogue needs (≤ 50,000 URLs each).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRouteErrors } from "~/.server/route-errors.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { countReleases, SITEMAP_CACHE_CONTROL } from "~/features/sitemap/sitemap.server";
import { releaseFileCount, sitemapIndexXml } from "~/features/sitemap/sitemap-xml";

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  return withRouteErrors(request, async () => {
    const origin = siteOrigin(request);
    const files = releaseFileCount(await countReleases(args));
    const sitemaps = [
      { loc: `${origin}/sitemaps/static.xml` },
      ...Array.from({ length: files }, (_, index) => ({ loc: `${origin}/sitemaps/releases-${index + 1}.xml` })),
    ];
    return new Response(sitemapIndexXml(sitemaps), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
    });
  });
}
