// CSRF guard for state-changing requests: the browser must say they come from our own pages.

const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOriginRequest(request: Request, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === new URL(publicOrigin).origin;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin" || fetchSite === "none";
  // Neither header: not a modern browser (curl, server-to-server), which cannot carry a victim's cookie.
  return true;
}

/**
 * Any method, GETs included: the request is our own pages' script (a same-origin fetch), not a link, form or
 * embed on another site. For answers that sign someone in, where a cross-site GET must not count.
 */
export function isSameOriginFetch(request: Request, publicOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(publicOrigin).origin) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin";
  // Neither header says otherwise: not a modern browser's cross-site request.
  return true;
}

/** The origin users reach us at: SITE_URL when configured, else the request's own. */
export function publicOriginOf(request: Request, siteUrl: string | undefined): string {
  return siteUrl ? new URL(siteUrl).origin : new URL(request.url).origin;
}
