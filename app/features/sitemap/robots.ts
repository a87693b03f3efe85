// robots.txt: public pages open to crawlers; account, settings, auth, API, embedded and developer paths closed.
export const DISALLOWED_PATHS = ["/me/", "/app/settings/", "/app/auth/", "/api/", "/embedded/", "/dev/"] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
