// The Content-Security-Policy and the other security headers of every HTML page.
import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

type PolicyOptions = {
  nonce: string;
  /** The media hosts (UPSTREAM_MEDIA_URL's list); empty or absent on the embedded API. */
  mediaOrigins?: readonly string[];
  recaptcha: boolean;
  development: boolean;
  fingerprintService?: boolean;
  thirdPartyVideoAds?: boolean;
};

const RECAPTCHA_ORIGINS = ["https://www.recaptcha.net", "https://www.gstatic.com", "https://www.gstatic.cn"];
// The third-party fingerprint agent (only with FINGERPRINT_API_KEY): its script host and its API hosts.
const FINGERPRINT_SCRIPT_ORIGINS = ["https://fpjscdn.net"];
const FINGERPRINT_API_ORIGINS = ["https://api.fpjs.io", "https://*.api.fpjs.io"];
const EMBED_ORIGINS = ["https://rutube.ru", "https://www.youtube-nocookie.com", "https://www.youtube.com"];

export function contentSecurityPolicy({
  nonce,
  mediaOrigins = [],
  recaptcha,
  development,
  fingerprintService = false,
  thirdPartyVideoAds = false,
}: PolicyOptions): string {
  const remote = mediaOrigins.map((origin) => new URL(origin).origin);
  // Episode streams and posters of the live API come from CDN hosts that are not known in advance; so do the
  // media files and tracking addresses of an operator's ad network (decision 0150).
  const mediaSources = remote.length > 0 || thirdPartyVideoAds ? ["https:"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "'self'",
      ...(recaptcha ? RECAPTCHA_ORIGINS : []),
      ...(fingerprintService ? FINGERPRINT_SCRIPT_ORIGINS : []),
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...remote, ...mediaSources],
    "media-src": ["'self'", "blob:", ...remote, ...mediaSources],
    "connect-src": [
      "'self'",
      ...remote,
      ...mediaSources,
      ...(recaptcha ? RECAPTCHA_ORIGINS : []),
      ...(fingerprintService ? FINGERPRINT_API_ORIGINS : []),
      ...(development ? ["ws:"] : []),
    ],
    "font-src": ["'self'", "data:"],
    "frame-src": ["'self'", ...EMBED_ORIGINS, ...(recaptcha ? ["https://www.recaptcha.net", "https://www.google.com"] : [])],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(" ")}`)
    .join("; ");
}

/** HTTPS answers in production (server/public-host.ts): a year, this host only (decision 0107). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** Headers every response carries (HTML pages add the CSP on top). */
export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};
