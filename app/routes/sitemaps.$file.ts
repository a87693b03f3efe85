// One file of the sitemap index: `static.xml` (sections, genres, franchises) or `releases-N.xml`.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRouteErrors } from "~/.server/route-errors.server";
import { releaseSitemapUrls, SITEMAP_CACHE_CONTROL, staticSitemapUrls } from "~/features/sitemap/sitemap.server";
import { parseSitemapFileName, urlsetXml } from "~/features/sitemap/sitemap-xml";

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const file = parseSitemapFileName(params.file);
  if (!file) return notFound();
  return withRouteErrors(request, async () => {
    const urls = file.kind === "static" ? await staticSitemapUrls(args) : await releaseSitemapUrls(args, file.number);
    if (!urls) return notFound();
    return new Response(urlsetXml(urls), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
    });
  });
}
