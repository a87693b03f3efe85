// Builds a page's <head> metadata: "page title | site name", description, canonical URL, Open Graph, robots.
import type { MetaDescriptor } from "@remix-run/node";
import { ru } from "~/i18n/ru";

export type SiteMetaSource = { site: { name: string; origin: string } };

type MetaMatch = { id: string; data: unknown };

export type PageMetaInput = {
  title?: string;
  description?: string;
  /** Absolute or root-relative image URL for Open Graph. */
  image?: string;
  noindex?: boolean;
  type?: "website" | "video.tv_show" | "video.episode" | "article";
};

export function siteOf(matches: readonly MetaMatch[] | undefined): SiteMetaSource["site"] {
  const root = matches?.find((match) => match.id === "root")?.data as SiteMetaSource | undefined;
  return root?.site ?? { name: "AniLibria", origin: "" };
}

export function pageMeta(
  args: { matches?: readonly MetaMatch[]; location: { pathname: string; search?: string } },
  page: PageMetaInput,
): MetaDescriptor[] {
  const site = siteOf(args.matches);
  const title = page.title ? `${page.title} | ${site.name}` : `${site.name} — аниме с русской озвучкой`;
  const description = page.description ?? ru.site.defaultDescription;
  // Page 2 onward of a list is its own page for crawlers; other parameters (filters, views) are variants.
  const listPage = Number(new URLSearchParams(args.location.search ?? "").get("page"));
  const canonical = `${site.origin}${args.location.pathname}${Number.isInteger(listPage) && listPage > 1 ? `?page=${listPage}` : ""}`;
  const image = page.image ? new URL(page.image, site.origin || "http://localhost").toString() : `${site.origin}/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:locale", content: "ru_RU" },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}
