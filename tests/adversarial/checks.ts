// What every answer of the adversarial suite must satisfy, whatever was asked, plus each request's own
// expectations. A violation names the check and the hardening item of decision 0115 it belongs to.
import type { PlannedRequest } from "./generators";
import { headerValue, type Exchange, type RawResponse } from "./raw-http";
import { HOSTILE_UPSTREAM_URL } from "./servers";

export interface Violation {
  check: string;
  /** The hardening item (1–9) of decision 0115 whose fix this check confirms; null for the general ones. */
  issueItem: number | null;
  detail: string;
}

export interface CheckContext {
  /** Origins a redirect may lead to: the site itself and, over HTTP, the upstream's stand-in pages. */
  allowedRedirectOrigins: string[];
  trustsProxy: boolean;
  /** The upstream answered 5xx or failed while this request ran (over HTTP only): its 5xx is not the app's. */
  upstreamFaultDuring: boolean;
}

/** Failures may be kept this long at most by any cache (hardening item 6: "a few seconds"). */
export const FAILURE_MAX_AGE_SECONDS = 10;
const FAILURE_STATUSES = [404, 502, 503];
/** The methods the server implements; to any other, 501 Not Implemented is the right answer (hardening item 4). */
const IMPLEMENTED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function isServerFault(method: string, status: number): boolean {
  return status >= 500 && !(status === 501 && !IMPLEMENTED_METHODS.has(method));
}
const UNSAFE_URL_ATTRIBUTE = /\b(?:href|src|action|formaction|poster|srcset|data)\s*=\s*["']?\s*(?:javascript|vbscript|data:text\/html)/i;

function isCacheableFailure(cacheControl: string | undefined): boolean {
  if (!cacheControl) return true;
  const directives = cacheControl.toLowerCase();
  if (/\b(no-store|no-cache|private)\b/.test(directives)) return false;
  const ages = [...directives.matchAll(/\b(?:s-maxage|max-age|stale-while-revalidate|stale-if-error)\s*=\s*(\d+)/g)].map((match) =>
    Number(match[1]),
  );
  return ages.length === 0 || ages.some((age) => age > FAILURE_MAX_AGE_SECONDS);
}

/** Answers that come from the app (its security headers), not from Node's parser refusing the bytes. */
function fromTheApp(response: RawResponse): boolean {
  return response.headers.has("x-content-type-options");
}

function locationProblem(location: string, context: CheckContext): string | null {
  if (/[^\x21-\x7e]/.test(location)) return "has characters outside printable ASCII";
  if (/^[\\/]{2}|^\/\\|\\/.test(location)) return "can be read as another host";
  if (/^[a-z][a-z0-9+.-]*:/i.test(location)) {
    let origin: string;
    try {
      origin = new URL(location).origin;
    } catch {
      return "is not a valid URL";
    }
    if (!context.allowedRedirectOrigins.includes(origin)) return `leads off the site (${origin})`;
  }
  return null;
}

/** The X-Forwarded-Host the generators send; the suite's own pages must name it only when asked with it. */
export const FORGED_FORWARDED_HOST = "evil.example";

function namesForgedForwardedHost(request: PlannedRequest): boolean {
  return [request.target, ...request.headers.map(([, value]) => value)].some((value) =>
    value.toLowerCase().includes(FORGED_FORWARDED_HOST),
  );
}

export function checkExchange(request: PlannedRequest, result: Exchange, context: CheckContext): Violation[] {
  const violations: Violation[] = [];
  const response = result.response;
  if (!response) {
    // Node closes a CONNECT it has no tunnel for without a word; that holds nothing open.
    if (request.method !== "CONNECT" || !result.closedByServer)
      violations.push({ check: "an answer", issueItem: null, detail: result.error ?? "the server closed without answering" });
    return violations;
  }
  if (!result.closedByServer)
    violations.push({
      check: "the connection closed after the answer (Connection: close)",
      issueItem: 3,
      detail: result.error ?? "still open",
    });
  if (isServerFault(request.method, response.status) && !context.upstreamFaultDuring)
    violations.push({ check: "no answer ≥ 500", issueItem: null, detail: `${response.status}` });
  for (const expectation of request.expectations) {
    if (!expectation.holds(response))
      violations.push({ check: expectation.description, issueItem: expectation.issueItem, detail: `got ${response.status}` });
  }
  if (FAILURE_STATUSES.includes(response.status) && isCacheableFailure(headerValue(response, "cache-control"))) {
    violations.push({
      check: `a ${response.status} is not cached (no-store, or ≤ ${FAILURE_MAX_AGE_SECONDS} s)`,
      issueItem: 6,
      detail: `Cache-Control: ${headerValue(response, "cache-control") ?? "(none)"}`,
    });
  }
  if ([429, 503].includes(response.status) && !response.headers.has("retry-after")) {
    violations.push({ check: `a ${response.status} carries Retry-After`, issueItem: 6, detail: "no Retry-After" });
  }
  const location = headerValue(response, "location");
  const problem = location === undefined ? null : locationProblem(location, context);
  if (problem)
    violations.push({
      check: "a redirect stays on the site and is plain ASCII",
      issueItem: 4,
      detail: `Location ${JSON.stringify(location)} ${problem}`,
    });
  if (request.hostileHost) {
    const marker = request.hostileHost.toLowerCase();
    const echoedIn =
      [...response.headers].find(([, values]) => values.some((value) => value.toLowerCase().includes(marker)))?.[0] ??
      (response.body.toString("latin1").toLowerCase().includes(marker) ? "the body" : null);
    if (echoedIn)
      violations.push({
        check: "the Host header is never echoed",
        issueItem: 7,
        detail: `Host: ${request.hostileHost} appears in ${echoedIn}`,
      });
  }
  const contentType = headerValue(response, "content-type") ?? "";
  const isPage = contentType.includes("html") || contentType.includes("turbo-stream");
  if (isPage && !namesForgedForwardedHost(request) && response.body.includes(`//${FORGED_FORWARDED_HOST}`)) {
    violations.push({
      check: "a page asked without a forwarded host never names another request's (decision 0281)",
      issueItem: null,
      detail: `//${FORGED_FORWARDED_HOST} in the body: a copy rendered for another request's X-Forwarded-Host`,
    });
  }
  if (contentType.includes("html")) {
    const unsafe = UNSAFE_URL_ATTRIBUTE.exec(response.body.toString("utf8"));
    if (unsafe) violations.push({ check: "no upstream javascript:/data: URL reaches href or src", issueItem: 8, detail: unsafe[0] });
  }
  // Page data (inline or `.data`) is what the browser renders links from after hydration; the API proxy
  // passes the upstream's JSON through untouched, so only the pages are judged.
  if (
    !request.target.startsWith("/api/") &&
    (contentType.includes("html") || contentType.includes("turbo-stream")) &&
    response.body.includes(HOSTILE_UPSTREAM_URL)
  ) {
    violations.push({
      check: "no upstream javascript: URL reaches a page's data",
      issueItem: 8,
      detail: "the planted javascript: URL is in the page",
    });
  }
  const forwardedHttps = request.headers.some(([name, value]) => name === "X-Forwarded-Proto" && value === "https");
  if (
    context.trustsProxy &&
    forwardedHttps &&
    fromTheApp(response) &&
    !request.hostileHost &&
    !response.headers.has("strict-transport-security")
  ) {
    violations.push({ check: "HSTS on answers over HTTPS in production", issueItem: 7, detail: "no Strict-Transport-Security" });
  }
  return violations;
}
