// The same-origin `/api/v1/*` proxy: browser calls (player timecodes, favorites, service worker) reach the
// upstream with the session's token, which the browser itself never sees.
import { MAX_PROXY_BODY_BYTES } from "./body-limits";
import { getEnv } from "./env.server";
import { apiContext } from "./api/context";
import { sendUpstream, type HttpMethod } from "./api/request";
import type { UpstreamTarget } from "./api/transport";
import { NO_STORE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "./http-cache.server";
import { logWarn } from "./log.server";
import { AnswerCutOffError } from "./outbound-fetch.server";
import { clientKey, rateLimitedMessage, signInStartRateLimiter } from "./security/rate-limit.server";
import { isSameOriginFetch, isSameOriginRequest, publicOriginOf } from "./security/same-origin.server";
import { bindSocialState, clearBoundSocialState, isSocialStateBound } from "./security/social-state-binding.server";
import { commitSessionToken, destroySession, getSessionToken, sessionCookieName } from "./session.server";
import { serverStrings } from "./strings";
import { classifyUpstreamFailure, failureJson } from "./upstream-failure.server";

export const PROXY_PREFIX = "/api/v1";
export { MAX_PROXY_BODY_BYTES };

type ProxyRoute = {
  pattern: RegExp;
  methods: readonly HttpMethod[];
  /** Account data: sent with the token, never cached. Public data goes without it, CDN-cacheable. */
  account: boolean;
  /** Starts a social login: the state in the answer is bound to this browser (docs/decisions/0110). */
  startsSocialLogin?: boolean;
  /** Anyone may call it and each call stores a pending row upstream: counted against the sign-in start limit. */
  startsSignIn?: boolean;
  /**
   * The answer is a token: it goes into the session cookie, not to the browser. Only for a same-origin fetch
   * with a state this browser was given (docs/decisions/0110).
   */
  issuesToken?: boolean;
  /**
   * The only query parameters passed on, for answers the proxy reads itself: field selection (`include`,
   * `exclude`) would drop the state or token it needs, and the upstream would seem to answer wrongly.
   */
  queryParameters?: readonly string[];
  /** A file download (the .torrent): its own size cap instead of the JSON one. */
  file?: boolean;
};

const SEGMENT = "[^/]+";

/** Everything the browser may call; anything else is 404. */
export const PROXY_ROUTES: readonly ProxyRoute[] = [
  { pattern: /^\/accounts\/users\/me\/profile$/, methods: ["GET"], account: true },
  { pattern: /^\/accounts\/users\/location$/, methods: ["GET"], account: true },
  { pattern: /^\/accounts\/users\/me\/views\/timecodes$/, methods: ["GET", "POST", "DELETE"], account: true },
  { pattern: /^\/accounts\/users\/me\/favorites$/, methods: ["POST", "DELETE"], account: true },
  { pattern: /^\/accounts\/users\/me\/favorites\/(ids|releases)$/, methods: ["GET"], account: true },
  { pattern: /^\/accounts\/users\/me\/favorites\/references\/(age-ratings|genres|sorting|types|years)$/, methods: ["GET"], account: true },
  { pattern: /^\/accounts\/users\/me\/collections$/, methods: ["POST", "DELETE"], account: true },
  { pattern: /^\/accounts\/users\/me\/collections\/(ids|releases)$/, methods: ["GET"], account: true },
  { pattern: /^\/accounts\/users\/me\/collections\/references\/(age-ratings|genres|types|years)$/, methods: ["GET"], account: true },
  { pattern: /^\/accounts\/listing$/, methods: ["POST"], account: true },
  {
    pattern: /^\/accounts\/users\/auth\/social\/(vk|google|patreon|discord)\/login$/,
    methods: ["GET"],
    account: true,
    startsSocialLogin: true,
    startsSignIn: true,
    queryParameters: ["host"],
  },
  {
    pattern: /^\/accounts\/users\/auth\/social\/authenticate$/,
    methods: ["GET"],
    account: true,
    issuesToken: true,
    queryParameters: ["state"],
  },
  // A TV or set-top app's device linking (docs/decisions/0041): public, token-less calls; the token the
  // device receives is the device's own and never touches our session.
  { pattern: /^\/accounts\/otp\/get$/, methods: ["POST"], account: false, startsSignIn: true },
  { pattern: /^\/accounts\/otp\/login$/, methods: ["POST"], account: false },
  { pattern: /^\/anime\/catalog\/releases$/, methods: ["GET"], account: false },
  { pattern: new RegExp(`^/anime/catalog/references/${SEGMENT}$`), methods: ["GET"], account: false },
  { pattern: /^\/anime\/releases\/(latest|random|list)$/, methods: ["GET"], account: false },
  { pattern: new RegExp(`^/anime/releases/episodes/${SEGMENT}$`), methods: ["GET"], account: false },
  { pattern: new RegExp(`^/anime/releases/${SEGMENT}(/members)?$`), methods: ["GET"], account: false },
  { pattern: new RegExp(`^/anime/genres(/random|/${SEGMENT}(/releases)?)?$`), methods: ["GET"], account: false },
  { pattern: new RegExp(`^/anime/franchises(/random|/release/${SEGMENT}|/${SEGMENT})?$`), methods: ["GET"], account: false },
  { pattern: /^\/anime\/schedule\/(now|week)$/, methods: ["GET"], account: false },
  { pattern: new RegExp(`^/anime/torrents/${SEGMENT}/file$`), methods: ["GET"], account: false, file: true },
  // Not the RSS feed (`/anime/torrents/rss`): it is XML, which the proxy never passes (decision 0248).
  { pattern: new RegExp(`^/anime/torrents(/release/${SEGMENT}|/(?!rss$)${SEGMENT})?$`), methods: ["GET"], account: false },
  { pattern: /^\/app\/search\/releases$/, methods: ["GET"], account: false },
  { pattern: /^\/media\/(videos|promotions)$/, methods: ["GET"], account: false },
  { pattern: /^\/teams\/(roles|users)?$/, methods: ["GET"], account: false },
];

const FORWARDED_RESPONSE_HEADERS = ["content-type", "content-language", "retry-after", "etag", "last-modified"];

/** The largest .torrent file passed on (a season's batch lists every file: larger than any JSON answer). */
export const MAX_TORRENT_FILE_BYTES = 16 * 1024 * 1024;
/**
 * What the proxy passes on: data, never a document (decision 0248). HTML, SVG or anything else the browser
 * would render on our origin is refused with 502, whatever a compromised or plain-http mirror sends.
 */
const PROXIED_MEDIA_TYPES: ReadonlySet<string> = new Set(["application/json", "application/x-bittorrent"]);
/** On every answer: the browser neither guesses a type nor runs anything from it, even opened directly. */
const DATA_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'",
};

function jsonMessage(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": NO_STORE_CACHE_CONTROL, ...DATA_ANSWER_HEADERS, ...headers } });
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** `attachment`, keeping the upstream's file name: a file is saved, never shown on our origin. */
function attachmentDisposition(upstream: string | null): string {
  const parameters = upstream?.split(";").slice(1).join(";").trim();
  return parameters ? `attachment; ${parameters}` : "attachment";
}

/** The path below `/api/v1`, still percent-encoded; null if it tries to climb out (`..`). */
export function proxiedPath(url: URL): string | null {
  if (!url.pathname.startsWith(`${PROXY_PREFIX}/`)) return null;
  const path = url.pathname.slice(PROXY_PREFIX.length);
  if (path.split("/").some((segment) => segment === ".." || segment === "." || /%2e%2e|%2f|%5c/i.test(segment))) return null;
  return path;
}

/**
 * The route a path reaches: the live API answers a path with one trailing slash as the path without it (the
 * desktop app asks `/anime/releases/list/?ids=…`), and so does the embedded API; the path goes on as it came.
 */
export function matchProxyRoute(path: string): ProxyRoute | null {
  const withoutSlash = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return PROXY_ROUTES.find((route) => route.pattern.test(path) || route.pattern.test(withoutSlash)) ?? null;
}

/** The body as text, or null when it is larger than the limit (declared or actual). */
async function readLimitedBody(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function passThroughHeaders(upstream: Response, route: ProxyRoute, method: HttpMethod): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(DATA_ANSWER_HEADERS)) headers.set(name, value);
  const mediaType = mediaTypeOf(upstream.headers.get("content-type"));
  // An empty answer may come typed as anything (the live API's timecode writes): its type is not passed on.
  if (!PROXIED_MEDIA_TYPES.has(mediaType)) headers.delete("content-type");
  const disposition = upstream.headers.get("content-disposition");
  if (disposition !== null || mediaType === "application/x-bittorrent") {
    headers.set("Content-Disposition", attachmentDisposition(disposition));
  }
  // Upstream cookies belong to the upstream's domain and session, never to ours.
  const cacheable = !route.account && upstream.ok && method === "GET";
  headers.set("Cache-Control", cacheable ? PUBLIC_PAGE_CACHE_CONTROL : NO_STORE_CACHE_CONTROL);
  return headers;
}

async function tokenAnswer(upstream: Response, headers: Headers): Promise<Response> {
  const answer = (await upstream.json().catch(() => null)) as { token?: unknown } | null;
  if (!answer || typeof answer.token !== "string" || !answer.token) {
    return jsonMessage(502, serverStrings.upstreamBadAnswer);
  }
  headers.set("Content-Type", "application/json");
  headers.append("Set-Cookie", commitSessionToken(answer.token));
  headers.append("Set-Cookie", await clearBoundSocialState());
  return new Response(JSON.stringify({ authenticated: true }), { status: 200, headers });
}

function passedQuery(query: URLSearchParams, route: ProxyRoute): URLSearchParams {
  if (!route.queryParameters) return query;
  const allowed = new Set(route.queryParameters);
  return new URLSearchParams([...query].filter(([name]) => allowed.has(name)));
}

/** The upstream's `{url, state}` passed on, with the state bound to this browser. */
async function socialStartAnswer(upstream: Response, headers: Headers): Promise<Response> {
  const text = await upstream.text();
  let state: unknown;
  try {
    state = (JSON.parse(text) as { state?: unknown } | null)?.state;
  } catch {
    state = undefined;
  }
  if (typeof state !== "string" || state === "" || state.length > 256) return jsonMessage(502, serverStrings.upstreamBadAnswer);
  headers.append("Set-Cookie", await bindSocialState(state));
  return new Response(text, { status: upstream.status, headers });
}

/** Only our own page's script, holding a state this browser started, may turn a social login into a session. */
async function mayFinishSocialLogin(request: Request, url: URL): Promise<boolean> {
  if (!isSameOriginFetch(request, publicOriginOf(request, getEnv().SITE_URL))) return false;
  return isSocialStateBound(request, url.searchParams.get("state"));
}

/** `clientAddress`: the visitor as the rate limits count it (`clientKey`: the address, an IPv6 one by its /64). */
export async function proxyApiRequest(
  request: Request,
  options: { upstream?: UpstreamTarget; clientAddress?: string } = {},
): Promise<Response> {
  const url = new URL(request.url);
  const method = (request.method.toUpperCase() === "HEAD" ? "GET" : request.method.toUpperCase()) as HttpMethod;

  if (!isSameOriginRequest(request, publicOriginOf(request, getEnv().SITE_URL))) {
    return jsonMessage(403, serverStrings.crossOrigin);
  }
  const path = proxiedPath(url);
  const route = path === null ? null : matchProxyRoute(path);
  if (path === null || !route) return jsonMessage(404, serverStrings.notFound);
  if (!route.methods.includes(method)) {
    return jsonMessage(405, serverStrings.methodNotAllowed, { Allow: route.methods.join(", ") });
  }
  if (route.startsSignIn) {
    const decision = await signInStartRateLimiter.hit(options.clientAddress ?? "unknown");
    if (!decision.allowed) return jsonMessage(429, rateLimitedMessage, { "Retry-After": String(decision.retryAfterSeconds) });
  }

  let body: string | undefined;
  if (method !== "GET") {
    const text = await readLimitedBody(request, MAX_PROXY_BODY_BYTES);
    if (text === null) return jsonMessage(413, serverStrings.bodyTooLarge);
    body = text === "" ? undefined : text;
  }

  // Refused before the upstream is asked: such an attempt must neither sign in nor end the current session.
  if (route.issuesToken && !(await mayFinishSocialLogin(request, url))) return jsonMessage(403, serverStrings.socialLoginNotStartedHere);

  const token = route.account ? getSessionToken(request) : null;
  const context = apiContext(request, { token, upstream: options.upstream });
  let upstream: Response;
  try {
    ({ response: upstream } = await sendUpstream(
      context,
      { method, path, query: passedQuery(url.searchParams, route), body },
      route.file ? { maxBodyBytes: MAX_TORRENT_FILE_BYTES } : undefined,
    ));
  } catch (error) {
    // No answer at all, or one refused before its body (a redirect, a declared size over the cap).
    const failure = classifyUpstreamFailure(error);
    if (!failure) throw error;
    const answer = failureJson(failure);
    for (const [name, value] of Object.entries(DATA_ANSWER_HEADERS)) answer.headers.set(name, value);
    return answer;
  }

  const refusal = refusedAnswer(upstream, method, path);
  if (refusal) {
    await upstream.body?.cancel().catch(() => undefined);
    return refusal;
  }
  const headers = passThroughHeaders(upstream, route, method);
  // A revoked token: 401 on the live server, 403 on the embedded API. Either way the session is over.
  if ((upstream.status === 401 || upstream.status === 403) && token) headers.append("Set-Cookie", destroySession());
  if (route.issuesToken && upstream.ok) return tokenAnswer(upstream, headers);
  if (route.startsSocialLogin && upstream.ok) return socialStartAnswer(upstream, headers);
  const responseBody =
    request.method.toUpperCase() === "HEAD" || upstream.status === 204 || upstream.status === 304 || !upstream.body
      ? null
      : watchedBody(upstream.body, method, path);
  return new Response(responseBody, { status: upstream.status, statusText: upstream.statusText, headers });
}

/** No body to show, whatever its type says: 204, 304, or a declared length of 0 ("200 with an empty body"). */
function isEmptyAnswer(upstream: Response): boolean {
  return upstream.status === 204 || upstream.status === 304 || upstream.body === null || upstream.headers.get("content-length") === "0";
}

/** 502 instead of an upstream's failure (5xx) or of an answer that is not data; null when it may pass. */
function refusedAnswer(upstream: Response, method: HttpMethod, path: string): Response | null {
  if (upstream.status >= 500) {
    logWarn("proxy: upstream error", { method, path, status: upstream.status });
    return jsonMessage(502, serverStrings.upstreamUnavailable);
  }
  if (isEmptyAnswer(upstream)) return null;
  const mediaType = mediaTypeOf(upstream.headers.get("content-type"));
  if (PROXIED_MEDIA_TYPES.has(mediaType)) return null;
  logWarn("proxy: upstream answer is not data", { method, path, status: upstream.status, contentType: mediaType || null });
  return jsonMessage(502, serverStrings.upstreamBadAnswer);
}

/**
 * The upstream's body as it streams to the browser. When it stops half-way (the deadline, a cut connection, the
 * size cap), the failure is logged here and the answer is aborted, so the browser never takes the part for the whole.
 */
function watchedBody(body: ReadableStream<Uint8Array>, method: HttpMethod, path: string): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        const reason = error instanceof Error ? error.message || error.name : String(error);
        logWarn("proxy: upstream body cut off", { method, path, reason });
        controller.error(new AnswerCutOffError(reason));
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** `/storage/*` and `/embedded/*` in embedded mode: the in-process API serves them on our origin. */
export async function forwardToEmbeddedApi(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const forwarded = new Request(request.url, {
    method: request.method,
    headers: withoutSessionCookie(request.headers),
    body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
    signal: request.signal,
  });
  return handle(forwarded);
}

/** The embedded API has no business with our session cookie (its own cookies pass). */
function withoutSessionCookie(source: Headers): Headers {
  const headers = new Headers(source);
  const cookie = source.get("cookie");
  if (cookie) {
    const name = sessionCookieName();
    const kept = cookie.split(";").filter((part) => part.split("=")[0]?.trim() !== name);
    if (kept.length > 0) headers.set("cookie", kept.join(";").trim());
    else headers.delete("cookie");
  }
  return headers;
}

/** The proxy route's loader and action alike. */
export function proxyRoute({ request, context }: { request: Request; context?: unknown }): Promise<Response> {
  return proxyApiRequest(request, { clientAddress: clientKey(context) });
}
