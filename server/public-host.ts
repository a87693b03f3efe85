// The site's own address: the Host a request names must be one the site is configured for (pages print it in
// canonical links, og:url, the sitemap and sign-in redirects), and HTTPS sites ask browsers to stay on HTTPS.
// Decision 0107.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { serverStrings } from "../app/.server/strings";
import { STRICT_TRANSPORT_SECURITY } from "../app/.server/security/content-security-policy.server";

/** Health checks come from orchestrators that address the container by its IP: they may name any host. */
const ANY_HOST_PATHS: ReadonlySet<string> = new Set(["/healthz"]);

/** 421 for a host outside the list (Express's `hostname`: X-Forwarded-Host only from a trusted proxy); null lets every host in. */
export function rejectUnknownHosts(allowedHosts: readonly string[] | null) {
  const allowed = new Set(allowedHosts);
  return (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    if (allowedHosts === null || ANY_HOST_PATHS.has(request.path) || allowed.has((request.hostname ?? "").toLowerCase())) return next();
    response.status(421).type("text/plain; charset=utf-8").send(serverStrings.unknownHost);
  };
}

/**
 * HSTS on answers that reached the visitor over HTTPS: the request's own scheme (X-Forwarded-Proto from a
 * trusted proxy), or an https SITE_URL, which says a TLS proxy stands in front. Browsers ignore it over plain
 * HTTP, so `npm start` on http://localhost is unaffected.
 */
export function strictTransportSecurity({ enabled, siteIsHttps }: { enabled: boolean; siteIsHttps: boolean }) {
  return (request: ExpressRequest, response: ExpressResponse, next: NextFunction) => {
    if (enabled && (siteIsHttps || request.secure)) response.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    next();
  };
}
