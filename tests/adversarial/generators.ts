// The requests of the adversarial suite, generated with fast-check from the app's own route table: valid
// and hostile parameters, methods, headers and bodies, each with what its answer must satisfy.
import fc from "fast-check";
import { FORGED_FORWARDED_HOST } from "./checks";
import { latin1, utf8Bytes, type RawResponse } from "./raw-http";
import { fillPattern, fixedFormRoutes, type RoutePattern } from "./routes";
import { FORM_FIELD_NAMES } from "../support/form-field-names";

export interface Expectation {
  /** What the answer must be, in words, for the report. */
  description: string;
  /** The issue class it belongs to (1–9), so a failure names who fixes it. */
  issueItem: number;
  holds: (response: RawResponse) => boolean;
}

export interface PlannedRequest {
  /** The generator that made it, e.g. "route", "long-target", "bad-encoding". */
  kind: string;
  method: string;
  /** The request-target, one character per byte. */
  target: string;
  /** Name/value pairs, one character per byte; Host and Connection are added by `serialize` unless present. */
  headers: Header[];
  body: Buffer;
  /** A Host header that must never be echoed anywhere in the answer. */
  hostileHost: string | null;
  expectations: Expectation[];
}

export interface GenerationContext {
  routes: RoutePattern[];
  /** The upstream API's path patterns, e.g. `/anime/releases/{aliasOrId}`. */
  apiPaths: string[];
  /** Valid values of route and API parameters, by parameter name (from the running demo data). */
  validValues: Record<string, string[]>;
  staticFiles: string[];
  /** Paths the Express server answers itself, outside app/routes (e.g. GET /build-version). */
  serverPaths: string[];
  /** `Host` of a normal request, e.g. `127.0.0.1:4230`. */
  host: string;
  origin: string;
  /** A signed-in visitor's `Cookie` header, sent with some reads and list toggles. */
  sessionCookie: string | null;
}

/** A request line longer than any page needs (and at least every limit a server should choose). */
export const LONG_TARGET_BYTES = 8 * 1024;
/** A body no form needs (the data import and the API proxy are judged only by "no 5xx"). */
export const OVERSIZED_FORM_BODY_BYTES = 1024 * 1024;

const PERSON_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const UNSUPPORTED_METHODS = ["TRACE", "TRACK", "CONNECT", "PROPFIND", "MKCOL", "BREW", "FOO", "get", "M-SEARCH", "PURGE"];

const awkwardStrings = [
  "",
  "0",
  "-1",
  "1.5",
  "99999999999999999999",
  "NaN",
  "1e309",
  "../../etc/passwd",
  "..\\..\\windows",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\u0000",
  "%",
  "%zz",
  "%C0%AE",
  "%E0%A4%A",
  "%FF%FE",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "／／evil.example",
  "/п",
  "/\u3000/evil.example",
  "/\u2028",
  "javascript:alert(1)",
  "https://evil.example/",
  "🙂",
  "__proto__",
  "constructor",
  "[object Object]",
  "null",
  "{}",
  "\r\nSet-Cookie: injected=1",
];

const awkwardText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...awkwardStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 4000 }).map((length) => "a".repeat(length)) },
);

/** How a value is written into a path or query: safely encoded, half-encoded, or as raw bytes. */
const encoding = fc.constantFrom<(value: string) => string>(
  (value) => encodeURIComponent(wellFormed(value)),
  (value) => encodeURIComponent(wellFormed(value)),
  (value) => encodeURIComponent(wellFormed(value)),
  // Only what cannot be on the wire is escaped: `%`, `/`, `?`, `#`, `\` stay as they are.
  (value) => wellFormed(value).replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character)),
  // Raw UTF-8 bytes, control characters included: the server's HTTP parser meets them first.
  (value) => utf8Bytes(value).replace(/[\r\n ]/g, (character) => encodeURIComponent(character)),
);

/** Lone surrogates (which `encodeURIComponent` refuses) become U+FFFD, as they would in any UTF-8 client. */
function wellFormed(value: string): string {
  return Buffer.from(value, "utf8").toString("utf8");
}

/** A value in about one draw of `frequency`, null otherwise (fast-check's own `freq` counts the nulls). */
function oneIn<T>(frequency: number, values: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: frequency - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: values });
}

function valueArbitrary(name: string, context: GenerationContext): fc.Arbitrary<string> {
  const valid = context.validValues[name] ?? [];
  const hostile = fc.tuple(awkwardText, encoding).map(([value, encode]) => encode(value));
  if (valid.length === 0) return fc.oneof(hostile, fc.integer({ min: -1, max: 100_000 }).map(String));
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: hostile });
}

const queryNames = [
  "page",
  "limit",
  "types",
  "genres",
  "years",
  "search",
  "q",
  "sorting",
  "sort",
  "view",
  "day",
  "token",
  "state",
  "redirectTo",
  "_data",
  "index",
  "f[types][]",
  "include",
  "exclude",
  "error",
  "only",
  "mirror",
  "x",
];

function queryArbitrary(): fc.Arbitrary<string> {
  const pair = fc
    .tuple(fc.constantFrom(...queryNames), awkwardText, encoding)
    .map(([name, value, encode]) => `${encodeURIComponent(name)}=${encode(value)}`);
  const dataParameter = fc.constantFrom(
    "_data=x",
    "_data=root",
    "_data=routes%2F_app",
    "_data=",
    "_data=routes/$",
    "_routes=root,routes/_app",
    "_data=%zz",
  );
  return fc
    .tuple(fc.array(pair, { maxLength: 5 }), oneIn(4, dataParameter))
    .map(([pairs, data]) => [...pairs, ...(data ? [data] : [])].join("&"));
}

type PathDraw = { path: string; route: RoutePattern | null };

/** One route's URL, its parameters valid or hostile, with a trailing slash, `.data` or a double slash now and then. */
function routePathArbitrary(context: GenerationContext, route: RoutePattern): fc.Arbitrary<PathDraw> {
  const splat = fc.oneof(
    fc.constantFrom(...context.apiPaths.map((path) => path.replace(/^\//, ""))),
    fc
      .array(
        awkwardText.map((value) => encodeURIComponent(wellFormed(value))),
        { minLength: 1, maxLength: 4 },
      )
      .map((parts) => parts.join("/")),
    fc.constantFrom("mailbox", "social/vk", "video/demo/master.m3u8", "posters/1.webp", "..%2F..%2Fpackage.json"),
  );
  const names = route.segments.filter((segment) => segment.startsWith(":") || segment === "*");
  const values = names.map((segment) => (segment === "*" ? splat : valueArbitrary(segment.slice(1), context)));
  return fc.tuple(fc.tuple(...values), fc.constantFrom("", "", "", "/", ".data", "/.data", "//")).map(([filled, suffix]) => {
    let index = 0;
    const path = fillPattern(route.segments, () => filled[index++] ?? "x");
    return { path: path === "/" && suffix === ".data" ? "/_root.data" : `${path}${suffix}`, route };
  });
}

/** One upstream API path under the site's proxy, its parameters valid or hostile. */
function apiPathArbitrary(context: GenerationContext, pattern: string): fc.Arbitrary<PathDraw> {
  const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  return fc.tuple(...names.map((name) => valueArbitrary(name, context))).map((values) => {
    let index = 0;
    return {
      path: `/api/v1${pattern.replace(/\{\w+\}/g, () => values[index++] ?? "x")}`,
      route: context.routes.find((route) => route.segments.join("/") === "api/v1/*") ?? null,
    };
  });
}

function staticPathArbitrary(files: fc.Arbitrary<string>): fc.Arbitrary<PathDraw> {
  return fc
    .tuple(files, fc.constantFrom("", "", "/..%2F..%2Fserver%2Findex.js", "%00", "/", ".map", "?v=%zz"))
    .map(([file, suffix]) => ({ path: `${file}${suffix}`, route: null }));
}

function serverPathArbitrary(paths: fc.Arbitrary<string>): fc.Arbitrary<PathDraw> {
  return fc
    .tuple(paths, fc.constantFrom("", "", "/", ".data", "?v=%zz&v=%D0%AF", `?${"a".repeat(3000)}=1`))
    .map(([serverPath, suffix]) => ({ path: `${serverPath}${suffix}`, route: null }));
}

/** Every known place the app answers: its routes, the upstream API under the proxy, the static files. */
function pathArbitrary(context: GenerationContext): fc.Arbitrary<PathDraw> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...context.routes).chain((route) => routePathArbitrary(context, route)) },
    { weight: 3, arbitrary: fc.constantFrom(...context.apiPaths).chain((pattern) => apiPathArbitrary(context, pattern)) },
    { weight: 1, arbitrary: staticPathArbitrary(fc.constantFrom(...context.staticFiles)) },
    { weight: 1, arbitrary: serverPathArbitrary(fc.constantFrom(...context.serverPaths)) },
  );
}

const methodArbitrary = fc.oneof(
  { weight: 40, arbitrary: fc.constant("GET") },
  { weight: 8, arbitrary: fc.constant("HEAD") },
  { weight: 30, arbitrary: fc.constant("POST") },
  { weight: 3, arbitrary: fc.constantFrom("PUT", "PATCH") },
  { weight: 4, arbitrary: fc.constant("DELETE") },
  { weight: 3, arbitrary: fc.constant("OPTIONS") },
  { weight: 4, arbitrary: fc.constantFrom(...UNSUPPORTED_METHODS) },
);

/** The classes of method every route is sent at least once each in a planned run (`coverageCells`). */
const METHOD_CLASSES: Record<string, fc.Arbitrary<string>> = {
  read: fc.constantFrom("GET", "HEAD", "OPTIONS"),
  write: fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
  unsupported: fc.constantFrom(...UNSUPPORTED_METHODS),
};

const redirectTargets = fc.oneof(
  fc.constantFrom(
    "/п",
    "/\u3000",
    "/\u2028",
    "／／evil.example",
    "/／evil.example",
    "\\\\evil.example",
    "//evil.example",
    "/%2F%2Fevil.example",
    "/ok?x=п",
    "https://evil.example",
    "/\t/evil.example",
    "/anime/catalog/",
  ),
  awkwardText,
);

type Body = { contentType: string | null; bytes: Buffer; kind: string };

function formBody(fields: Header[]): Body {
  return { contentType: "application/x-www-form-urlencoded", bytes: Buffer.from(new URLSearchParams(fields).toString()), kind: "form" };
}

/** The kinds of body, by name: each is sent to a form route at least once in a planned run (`coverageCells`). */
const BODY_KINDS: Array<{ name: string; weight: number; arbitrary: fc.Arbitrary<Body> }> = [
  {
    name: "form fields",
    weight: 10,
    arbitrary: fc.array(fc.tuple(fc.constantFrom(...FORM_FIELD_NAMES), awkwardText), { maxLength: 6 }).map(formBody),
  },
  {
    name: "theme form",
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom("dark", "light", "", "п", "system"), fc.option(redirectTargets, { freq: 2 }))
      .map(([theme, redirectTo]) => formBody([["theme", theme], ...(redirectTo === null ? [] : [["redirectTo", redirectTo] as Header])])),
  },
  {
    name: "redirect form",
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom("login", "password", "releaseId", "type"), redirectTargets).map(([name, redirectTo]) =>
      formBody([
        [name, "1"],
        ["redirectTo", redirectTo],
      ]),
    ),
  },
  {
    name: "JSON",
    weight: 2,
    arbitrary: fc.json().map((json) => ({ contentType: "application/json", bytes: Buffer.from(json), kind: "json" })),
  },
  {
    name: "text",
    weight: 1,
    arbitrary: fc.string().map((text) => ({ contentType: "text/plain", bytes: Buffer.from(text), kind: "text" })),
  },
  {
    name: "XML",
    weight: 1,
    arbitrary: fc.constant({
      contentType: "application/xml",
      bytes: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><theme>&e;</theme>'),
      kind: "xml",
    }),
  },
  {
    name: "multipart",
    weight: 2,
    arbitrary: fc.constantFrom<Body>(
      {
        contentType: "multipart/form-data",
        bytes: Buffer.from("--x\r\nContent-Disposition: form-data; name=theme\r\n\r\nlight\r\n--x--\r\n"),
        kind: "broken-multipart",
      },
      {
        contentType: "multipart/form-data; boundary=x",
        bytes: Buffer.from('--x\r\nContent-Disposition: form-data; name="theme"\r\n\r\nlig'),
        kind: "broken-multipart",
      },
      { contentType: "multipart/form-data; boundary=", bytes: Buffer.from("----\r\n\r\n"), kind: "broken-multipart" },
      {
        contentType: "multipart/form-data; boundary=x",
        bytes: Buffer.from('--x\r\nContent-Disposition: form-data; name="theme"\r\n\r\nlight\r\n--x--\r\n'),
        kind: "multipart",
      },
    ),
  },
  {
    name: "no content type",
    weight: 1,
    arbitrary: fc.constant({ contentType: null, bytes: Buffer.from("theme=light"), kind: "no-content-type" }),
  },
  {
    name: "empty",
    weight: 1,
    arbitrary: fc.constant({ contentType: "application/x-www-form-urlencoded", bytes: Buffer.alloc(0), kind: "empty" }),
  },
];

const bodyArbitrary: fc.Arbitrary<Body> = fc.oneof(...BODY_KINDS.map(({ weight, arbitrary }) => ({ weight, arbitrary })));

type Header = [string, string];

/** The header in about one request of `frequency`, as a list of zero or one pairs. */
const optionalHeader = (name: string, values: fc.Arbitrary<string>, frequency = 3): fc.Arbitrary<Header[]> =>
  oneIn(frequency, values).map((value) => (value === null ? [] : [[name, value]]));

function headerArbitrary(context: GenerationContext, isWrite: boolean): fc.Arbitrary<Header[]> {
  const cookies = fc.constantFrom(
    "__Host-session=garbage",
    "__Host-session=%zz; theme=<script>",
    `theme=${"x".repeat(4000)}`,
    "tz=Europe%2FMoscow%00; theme=light",
    "tz=../../etc; viewport=huge",
    Array.from({ length: 60 }, (_, index) => `c${index}=v`).join("; "),
    "=; ;;; a",
    ...(context.sessionCookie ? [context.sessionCookie, context.sessionCookie, context.sessionCookie] : []),
  );
  const ipv4 = fc.ipV4();
  return fc
    .tuple(
      fc
        .constantFrom(
          PERSON_USER_AGENT,
          PERSON_USER_AGENT,
          CRAWLER_USER_AGENT,
          CRAWLER_USER_AGENT,
          "",
          "curl/8.0",
          utf8Bytes("бот/1.0"),
          "x".repeat(2000),
        )
        .map((agent): Header[] => (agent ? [["User-Agent", agent]] : [])),
      optionalHeader("Accept", fc.constantFrom("text/html", "application/json", "*/*", "text/x-component", "application/xml"), 2),
      optionalHeader("Accept-Encoding", fc.constantFrom("gzip", "br", "gzip, deflate, br", "identity;q=0, *;q=0", "zstd"), 2),
      optionalHeader("Cookie", cookies, 2),
      isWrite
        ? fc.oneof(
            { weight: 7, arbitrary: fc.constant<Header[]>([["Origin", context.origin]]) },
            {
              weight: 3,
              arbitrary: fc.constantFrom<Header[]>(
                [],
                [["Origin", "https://evil.example"]],
                [["Origin", "null"]],
                [["Origin", "%zz"]],
                [["Sec-Fetch-Site", "cross-site"]],
              ),
            },
          )
        : optionalHeader("Sec-Fetch-Site", fc.constantFrom("cross-site", "same-origin", "none"), 4),
      optionalHeader(
        "X-Forwarded-For",
        fc.oneof(
          ipv4,
          fc.tuple(ipv4, ipv4).map(([left, right]) => `${left}, ${right}`),
          fc.constantFrom("unknown", "::1", "1.2.3.4, garbage", ""),
        ),
        2,
      ),
      optionalHeader("X-Forwarded-Proto", fc.constantFrom("https", "http", "gopher"), 3),
      optionalHeader("X-Forwarded-Host", fc.constantFrom(FORGED_FORWARDED_HOST, "127.0.0.1"), 6),
      optionalHeader(
        "Range",
        fc.constantFrom(
          "bytes=0-10",
          "bytes=-5",
          "bytes=999999999-",
          "bytes=a-b",
          Array.from({ length: 200 }, (_, index) => `${index}-${index}`)
            .join(",")
            .replace(/^/, "bytes="),
        ),
        5,
      ),
      optionalHeader("If-None-Match", fc.constantFrom('"x"', "*", "W/garbage"), 8),
      optionalHeader("X-Junk", fc.constantFrom("a\u0000b", utf8Bytes("значение"), "a".repeat(6000)), 8),
    )
    .map((groups) => groups.flat());
}

function pathOf(target: string): string {
  const question = target.indexOf("?");
  return question < 0 ? target : target.slice(0, question);
}

export function hasBadPercentEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** Bytes Node's own parser refuses before the app sees the request (it answers 400 itself). */
function refusedByParser(target: string, headers: Header[]): boolean {
  if (/[^\x21-\x7e]/.test(target)) return true;
  // Control characters other than tab end a header for the parser.
  return headers.some(([, value]) => [...value].some((character) => (character < " " && character !== "\t") || character === "\x7f"));
}

function statusIn(statuses: number[], description: string, issueItem: number): Expectation {
  return { description, issueItem, holds: (response) => statuses.includes(response.status) };
}

/** Remix answers a `.data` request's redirect with 202 and the target in `Location` (single fetch). */
function isDataRequestRedirect(response: RawResponse): boolean {
  return response.status === 202 && (response.headers.get("location") ?? []).length > 0;
}

function setsCookie(response: RawResponse, name: string): boolean {
  return (response.headers.get("set-cookie") ?? []).some((cookie) => cookie.startsWith(`${name}=`) && !/^[^=]+=;/.test(cookie));
}

/** The specific answers a hardening item requires of this request, on top of the checks every answer gets. */
function expectationsOf(
  request: Omit<PlannedRequest, "expectations">,
  route: RoutePattern | null,
  bodyKind: string | null,
  origin: string,
): Expectation[] {
  const path = pathOf(request.target);
  const sameOrigin = request.headers.some(([name, value]) => name === "Origin" && value === origin);
  if (request.hostileHost !== null || refusedByParser(request.target, request.headers)) return [];
  if (request.target.length > LONG_TARGET_BYTES)
    return [statusIn([414, 431], `a request-target over ${LONG_TARGET_BYTES} bytes → 414 at once`, 1)];
  if (hasBadPercentEncoding(path)) return [statusIn([400, 405, 501], "a malformed percent-encoding in the path → 400", 4)];
  // The Origin check may come first: a 403 refuses the request as well.
  if (UNSUPPORTED_METHODS.includes(request.method))
    return [statusIn([400, 403, 405, 501], `an unsupported method (${request.method}) → 405 or 501`, 4)];
  const expectations: Expectation[] = [];
  const formRoute =
    route !== null && route.hasAction && !["api", "embedded"].includes(route.segments[0] ?? "") && !route.segments.includes("*");
  if (
    formRoute &&
    request.method === "POST" &&
    sameOrigin &&
    bodyKind !== null &&
    ["json", "text", "xml", "broken-multipart"].includes(bodyKind)
  ) {
    expectations.push({
      description: "a JSON, text, XML or broken multipart body to a form route → 415 or 400 (or a redirect that reads nothing)",
      issueItem: 4,
      holds: (response) => (response.status >= 300 && response.status < 500) || isDataRequestRedirect(response),
    });
  }
  if (formRoute && request.body.length > OVERSIZED_FORM_BODY_BYTES && !route.segments.includes("data")) {
    // A 400 means the body was read and judged; refusing it unread (or a redirect to sign in) is right.
    expectations.push({
      description: `a body over ${OVERSIZED_FORM_BODY_BYTES} bytes to a form route → 413 (or an answer that reads no body)`,
      issueItem: 3,
      holds: (response) => (response.status >= 300 && response.status < 400) || [403, 404, 405, 413, 429].includes(response.status),
    });
  }
  if (path === "/preferences/theme" && request.method === "POST" && sameOrigin && bodyKind === "form") {
    const form = new URLSearchParams(request.body.toString());
    if (["dark", "light"].includes(form.get("theme") ?? "") && !form.has("redirectTo")) {
      expectations.push({
        description: "a theme POST without redirectTo saves the theme (Set-Cookie theme)",
        issueItem: 4,
        holds: (response) => response.status >= 400 || setsCookie(response, "theme"),
      });
    }
  }
  if (
    path.startsWith("/api/v1/accounts/users/auth/social/authenticate") &&
    !request.headers.some(([name, value]) => name === "Cookie" && value.includes("__Host-session"))
  ) {
    expectations.push({
      description: "a social authenticate request never sets the session cookie of a browser that did not start the login",
      issueItem: 2,
      holds: (response) => !setsCookie(response, "__Host-session"),
    });
  }
  return expectations;
}

/** What a route request draws from; a coverage cell narrows one of them (`coverageCells`). */
interface RouteDraws {
  paths: fc.Arbitrary<PathDraw>;
  methods: fc.Arbitrary<string>;
  bodies: fc.Arbitrary<Body>;
  /** 0–7: a hostile Host header, 8: a malformed one, 7 also a body on a read; above: the right Host. */
  hostDraws: fc.Arbitrary<number>;
}

/** The main mix: a known path, a method, hostile headers and bodies. */
function routeRequest(context: GenerationContext, narrowed: Partial<RouteDraws> = {}): fc.Arbitrary<PlannedRequest> {
  const draws: RouteDraws = {
    paths: pathArbitrary(context),
    methods: methodArbitrary,
    bodies: bodyArbitrary,
    hostDraws: fc.integer({ min: 0, max: 99 }),
    ...narrowed,
  };
  return fc
    .tuple(draws.paths, fc.option(queryArbitrary(), { freq: 2 }), draws.methods, draws.hostDraws)
    .chain(([{ path, route }, query, method, hostDraw]) => {
      const isWrite = !["GET", "HEAD", "OPTIONS"].includes(method);
      const hasBody = isWrite || hostDraw === 7;
      return fc.tuple(headerArbitrary(context, isWrite), hasBody ? draws.bodies : fc.constant(null)).map(([headers, body]) => {
        const hostileHost = hostDraw < 8 ? `evil-${hostDraw}.example` : null;
        // A session must not end mid-run: signing out, the sessions list and the account settings are sent anonymously.
        const cookieSafe = !isWrite || /^\/(lists|preferences)\//.test(path);
        const safeHeaders =
          cookieSafe || !context.sessionCookie
            ? headers
            : headers.filter(([name, value]) => !(name === "Cookie" && value === context.sessionCookie));
        const allHeaders: Header[] = [
          ...(hostileHost ? [["Host", hostileHost] as Header] : hostDraw === 8 ? [["Host", "[::1"] as Header] : []),
          ...safeHeaders,
          ...(body?.contentType ? [["Content-Type", body.contentType] as Header] : []),
        ];
        const planned = {
          kind: "route",
          method,
          target: query ? `${path}?${query}` : path,
          headers: allHeaders,
          body: body?.bytes ?? Buffer.alloc(0),
          hostileHost,
        };
        return { ...planned, expectations: expectationsOf(planned, route, body?.kind ?? null, context.origin) };
      });
    });
}

/** The shapes of an overlong request-target, by name. */
const LONG_TARGETS: Record<string, fc.Arbitrary<string>> = {
  "many segments": fc.integer({ min: 500, max: 8000 }).map((segments) => `/${Array.from({ length: segments }, () => "x").join("/")}`),
  "a long parameter": fc.integer({ min: 2000, max: 15000 }).map((length) => `/anime/releases/release/${"a".repeat(length)}`),
  "a long query": fc.integer({ min: 2000, max: 15000 }).map((length) => `/anime/catalog/?search=${"%D0%BF".repeat(Math.ceil(length / 6))}`),
  "climbing API segments": fc
    .integer({ min: 200, max: 4000 })
    .map((segments) => `/api/v1/${Array.from({ length: segments }, () => "..").join("/")}`),
};

/** Long paths, many segments, long queries: the request-target's size class (hardening item 1). */
function longTargetRequest(context: GenerationContext, targets = fc.oneof(...Object.values(LONG_TARGETS))): fc.Arbitrary<PlannedRequest> {
  return fc
    .tuple(targets, fc.constantFrom("GET", "HEAD", "POST"), fc.constantFrom(PERSON_USER_AGENT, CRAWLER_USER_AGENT))
    .map(([target, method, agent]) => {
      const planned = {
        kind: "long-target",
        method,
        target,
        headers: [["User-Agent", agent], ...(method === "POST" ? [["Origin", context.origin]] : [])] as Header[],
        body: Buffer.alloc(0),
        hostileHost: null,
      };
      return { ...planned, expectations: expectationsOf(planned, null, null, context.origin) };
    });
}

/** Paths no route has: bad escapes, overlong UTF-8, NUL, the climb out of a folder. */
const BROKEN_PATHS = [
  "/%zz",
  "/%",
  "/%C0%AE",
  "/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd",
  "/%E0%80%AF",
  "/%00",
  "/a%00b",
  "/%ED%A0%80",
  "/anime/releases/release/%zz",
  "/api/v1/%",
  "/%2e%2e/%2e%2e/package.json",
  "/..%2f..%2fpackage.json",
  "/assets/%2e%2e/server/index.js",
];
/** Paths that lead elsewhere: unicode and escaped slashes, absolute forms, `*`. */
const ELSEWHERE_PATHS = [
  "//evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "/%2F%2Fevil.example",
  `/${utf8Bytes("／／evil.example")}`,
  `/${encodeURIComponent("／")}evil`,
  "http://evil.example/",
  "*",
  "/.well-known/../../",
  "/anime/catalog/..;/",
  `/${encodeURIComponent("\u2028")}`,
];
const awkwardPath = fc.tuple(awkwardText, encoding).map(([value, encode]) => `/${encode(value)}`);

/** Paths no route has: bad escapes, overlong UTF-8, NUL, unicode slashes, absolute forms. */
function strangePathRequest(
  context: GenerationContext,
  strange = fc.oneof(fc.constantFrom(...BROKEN_PATHS), fc.constantFrom(...ELSEWHERE_PATHS), awkwardPath),
): fc.Arbitrary<PlannedRequest> {
  return fc.tuple(strange, fc.constantFrom("GET", "HEAD", "POST", "OPTIONS")).map(([target, method]) => {
    const planned = {
      kind: "strange-path",
      method,
      target,
      headers: [["User-Agent", PERSON_USER_AGENT], ...(method === "POST" ? [["Origin", context.origin]] : [])] as Header[],
      body: Buffer.alloc(0),
      hostileHost: null,
    };
    return { ...planned, expectations: expectationsOf(planned, null, null, context.origin) };
  });
}

/** Bodies larger than any form needs, sent in full (hardening item 3). */
function oversizedBodyRequest(
  context: GenerationContext,
  routes = fc.constantFrom(...fixedFormRoutes(context.routes)),
): fc.Arbitrary<PlannedRequest> {
  return fc.tuple(routes, fc.integer({ min: OVERSIZED_FORM_BODY_BYTES + 1, max: 2 * OVERSIZED_FORM_BODY_BYTES })).map(([route, size]) => {
    const planned = {
      kind: "oversized-body",
      method: "POST",
      target: fillPattern(route.segments, () => "x"),
      headers: [
        ["Origin", context.origin],
        ["Content-Type", "application/x-www-form-urlencoded"],
      ] as Header[],
      body: Buffer.from(`theme=light&redirectTo=${"a".repeat(size)}`),
      hostileHost: null,
    };
    return { ...planned, expectations: expectationsOf(planned, route, "form", context.origin) };
  });
}

type FocusedDraft = { method: string; target: string; headers: Header[]; body: Buffer; bodyKind: string | null };

/** A `_data` probe of a route's address, its parameters valid. */
function dataProbe(context: GenerationContext, routes: fc.Arbitrary<RoutePattern>): fc.Arbitrary<FocusedDraft> {
  return fc.tuple(routes, fc.constantFrom("x", "root", "routes/_app", "")).map(([route, data]) => ({
    method: "GET",
    target: `${fillPattern(route.segments, (name) => context.validValues[name]?.[0] ?? "x")}?_data=${encodeURIComponent(data)}`,
    headers: [] as Header[],
    body: Buffer.alloc(0),
    bodyKind: null,
  }));
}

/** The focused kinds by name, the `_data` probe apart (it is one per route in a planned run). */
function focusedKinds(context: GenerationContext): Record<string, fc.Arbitrary<FocusedDraft>> {
  const releaseIds = context.validValues.releaseId ?? ["1"];
  const forwardedFor = fc.ipV4().map((address): Header => ["X-Forwarded-For", address]);
  const form = (path: string, fields: fc.Arbitrary<Array<[string, string]>>, signedIn: boolean) =>
    fc.tuple(fields, forwardedFor).map(([pairs, forwarded]) => ({
      method: "POST",
      target: path,
      headers: [
        ["Origin", context.origin],
        ["Content-Type", "application/x-www-form-urlencoded"],
        forwarded,
        ...(signedIn && context.sessionCookie ? [["Cookie", context.sessionCookie] as Header] : []),
      ] as Header[],
      body: Buffer.from(new URLSearchParams(pairs).toString()),
      bodyKind: "form",
    }));
  const withRedirect = (pairs: Array<[string, string]>) =>
    fc
      .option(redirectTargets, { nil: undefined })
      .map((target) => (target === undefined ? pairs : [...pairs, ["redirectTo", target] as [string, string]]));
  return {
    "theme form": form(
      "/preferences/theme",
      fc.constantFrom("dark", "light").chain((theme) => withRedirect([["theme", theme]])),
      false,
    ),
    "sign-in form": form(
      "/app/auth/login",
      withRedirect([
        ["login", "demo"],
        ["password", "demo-password"],
      ]),
      false,
    ),
    "sign-out form": form("/app/auth/logout", withRedirect([]), false),
    "favorites toggle": form(
      "/lists/favorites",
      fc.tuple(fc.constantFrom(...releaseIds), fc.constantFrom("add", "remove")).chain(([id, change]) =>
        withRedirect([
          ["releaseId", id],
          ["change", change],
        ]),
      ),
      true,
    ),
    "collection toggle": form(
      "/lists/collections",
      fc.tuple(fc.constantFrom(...releaseIds), fc.constantFrom("PLANNED", "WATCHED", "WATCHING")).chain(([id, type]) =>
        withRedirect([
          ["releaseId", id],
          ["type", type],
        ]),
      ),
      true,
    ),
    "poll vote": form(
      "/polls/vote",
      fc
        .tuple(fc.constantFrom("1", "0", "x", "99999999999999999999"), fc.constantFrom("1", "2", "99", "-1", ""))
        .map(([pollId, optionId]): Array<[string, string]> => [
          ["pollId", pollId],
          ["optionId", optionId],
        ]),
      true,
    ),
    "social sign-in start": fc.tuple(fc.constantFrom("vk", "google", "discord", "patreon"), redirectTargets).map(([provider, target]) => ({
      method: "GET",
      target: `/app/auth/social/${provider}?redirectTo=${encodeURIComponent(wellFormed(target))}`,
      headers: [] as Header[],
      body: Buffer.alloc(0),
      bodyKind: null,
    })),
    "social authenticate": fc
      .tuple(awkwardText, fc.constantFrom<Header[]>([], [["Sec-Fetch-Site", "cross-site"]]))
      .map(([state, headers]) => ({
        method: "GET",
        target: `/api/v1/accounts/users/auth/social/authenticate?state=${encodeURIComponent(wellFormed(state))}`,
        headers,
        body: Buffer.alloc(0),
        bodyKind: null,
      })),
  };
}

/**
 * The requests whose answer the issue fixes, often enough to be sure of them: signed-in and signed-out
 * redirects to non-Latin and lookalike targets, themes with and without `redirectTo`, social starts and
 * authenticate states, `_data` probes.
 */
function focusedRequest(
  context: GenerationContext,
  kinds = fc.oneof(...Object.values(focusedKinds(context)), dataProbe(context, fc.constantFrom(...context.routes))),
): fc.Arbitrary<PlannedRequest> {
  return kinds.map(({ bodyKind, ...request }) => {
    const planned = { kind: "focused", ...request, hostileHost: null };
    const route = context.routes.find((candidate) => `/${candidate.segments.join("/")}` === request.target.split("?")[0]) ?? null;
    return { ...planned, expectations: expectationsOf(planned, route, bodyKind, context.origin) };
  });
}

/** The whole mix, weighted so the expensive kinds stay a handful per run. */
export function requestArbitrary(context: GenerationContext): fc.Arbitrary<PlannedRequest> {
  return fc.oneof(
    { weight: 1000, arbitrary: routeRequest(context) },
    { weight: 100, arbitrary: focusedRequest(context) },
    { weight: 60, arbitrary: strangePathRequest(context) },
    { weight: 2, arbitrary: longTargetRequest(context) },
    { weight: 1, arbitrary: oversizedBodyRequest(context) },
  );
}

/** One place × generator class a planned run sends at least one request to, with the group it is counted in. */
export interface CoverageCell {
  group: string;
  label: string;
  arbitrary: fc.Arbitrary<PlannedRequest>;
}

/**
 * Every route × every method class of the main mix and a `_data` probe of it, every API path, static file and
 * server path, every body kind (POSTed to a form route), every form route with an oversized body, every focused
 * kind, every broken and elsewhere path, every shape of long target: what a planned run covers whatever its size.
 */
export function coverageCells(context: GenerationContext): CoverageCell[] {
  const formRoutes = fixedFormRoutes(context.routes);
  const formPaths = fc.constantFrom(...formRoutes).chain((route) => routePathArbitrary(context, route));
  const cell = (group: string, label: string, arbitrary: fc.Arbitrary<PlannedRequest>): CoverageCell => ({ group, label, arbitrary });
  const routeName = (route: RoutePattern) => `/${route.segments.join("/")}`;
  return [
    ...context.routes.flatMap((route) =>
      Object.entries(METHOD_CLASSES).map(([name, methods]) =>
        cell(
          `route × ${name} method`,
          `${name} ${routeName(route)}`,
          routeRequest(context, { paths: routePathArbitrary(context, route), methods }),
        ),
      ),
    ),
    ...context.routes.map((route) =>
      cell("route × _data probe", routeName(route), focusedRequest(context, dataProbe(context, fc.constant(route)))),
    ),
    ...context.apiPaths.map((pattern) => cell("API path", pattern, routeRequest(context, { paths: apiPathArbitrary(context, pattern) }))),
    ...context.staticFiles.map((file) =>
      cell("static file", file, routeRequest(context, { paths: staticPathArbitrary(fc.constant(file)) })),
    ),
    ...context.serverPaths.map((serverPath) =>
      cell("server path", serverPath, routeRequest(context, { paths: serverPathArbitrary(fc.constant(serverPath)) })),
    ),
    ...BODY_KINDS.map(({ name, arbitrary }) =>
      cell(
        "body kind to a form route",
        name,
        routeRequest(context, {
          paths: formPaths,
          methods: fc.constant("POST"),
          bodies: arbitrary,
          hostDraws: fc.integer({ min: 9, max: 99 }),
        }),
      ),
    ),
    ...formRoutes.map((route) => cell("form route × oversized body", routeName(route), oversizedBodyRequest(context, fc.constant(route)))),
    ...Object.entries(focusedKinds(context)).map(([name, kinds]) => cell("focused kind", name, focusedRequest(context, kinds))),
    ...[...BROKEN_PATHS, ...ELSEWHERE_PATHS].map((target) =>
      cell("strange path", target, strangePathRequest(context, fc.constant(target))),
    ),
    cell("strange path", "an awkward value as the path", strangePathRequest(context, awkwardPath)),
    ...Object.entries(LONG_TARGETS).map(([name, targets]) => cell("long target", name, longTargetRequest(context, targets))),
  ];
}

/**
 * The requests of one server's run: one from each coverage cell, spread evenly among `total` drawn from the whole
 * mix (fewer when the cells alone reach `total`), all from `seed`.
 */
export function planRequests(context: GenerationContext, { seed, total }: { seed: number; total: number }): PlannedRequest[] {
  const cells = coverageCells(context).map(
    ({ arbitrary }, index) => fc.sample(arbitrary, { seed: seed + index + 1, numRuns: 1 })[0] as PlannedRequest,
  );
  const drawn = fc.sample(requestArbitrary(context), { seed, numRuns: Math.max(0, total - cells.length) });
  const plan: PlannedRequest[] = [];
  const every = (drawn.length + cells.length) / Math.max(1, cells.length);
  let next = 0;
  cells.forEach((request, index) => {
    const until = Math.floor(index * every) - index;
    while (next < until && next < drawn.length) plan.push(drawn[next++] as PlannedRequest);
    plan.push(request);
  });
  while (next < drawn.length) plan.push(drawn[next++] as PlannedRequest);
  return plan;
}

/** The bytes on the wire: request line, headers (Host and `Connection: close` added), Content-Length, body. */
export function serialize(request: PlannedRequest, host: string): Buffer {
  const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
  const headers: Header[] = [
    ...(names.has("host") ? [] : [["Host", host] as Header]),
    ...request.headers,
    ["Connection", "close"],
    ...(request.body.length > 0 || !["GET", "HEAD"].includes(request.method)
      ? [["Content-Length", String(request.body.length)] as Header]
      : []),
  ];
  const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}`).join("\r\n")}\r\n\r\n`;
  return Buffer.concat([latin1(head), request.body]);
}

/** A request in full for the violations file: every header (values cut to 200 characters) and the body's start. */
export function describeRequestInFull(request: PlannedRequest): string {
  const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width)}… (${text.length})` : text);
  const headers = request.headers.map(([name, value]) => `${name}: ${cut(value, 200)}`).join(" | ");
  const body = request.body.length ? ` | body: ${cut(request.body.toString("latin1"), 300)}` : "";
  return JSON.stringify(`${request.method} ${cut(request.target, 600)} | ${headers}${body}`).slice(1, -1);
}

/** How a request is shown in the report: method, target cut to `width`, and what is unusual about it. */
export function describeRequest(request: PlannedRequest, width = 120): string {
  const target = request.target.length > width ? `${request.target.slice(0, width)}… (${request.target.length} bytes)` : request.target;
  const notes = [
    request.hostileHost ? `Host: ${request.hostileHost}` : null,
    request.body.length
      ? `${request.body.length}-byte body${request.headers.find(([name]) => name === "Content-Type") ? ` (${request.headers.find(([name]) => name === "Content-Type")?.[1]})` : ""}`
      : null,
  ].filter(Boolean);
  return `${request.method} ${JSON.stringify(target).slice(1, -1)}${notes.length ? ` [${notes.join("; ")}]` : ""}`;
}
