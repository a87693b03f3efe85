// Bad input of any kind gets a clear answer, never a 5xx: arbitrary route parameters, query strings and form
// bodies thrown at every route (fast-check), plus the security headers on every kind of response. Requests to the
// built server: nothing here needs a browser (decision 0261).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { FORM_FIELD_NAMES } from "../support/form-field-names";
import { request, siteUrl, VISITORS } from "./support/page";

const RUNS_PER_ROUTE = 12;

/** The account pages: each a page to load and a form to post. */
const AUTH_FORM_PAGES = [
  "/app/auth/login",
  "/app/auth/password/forgetPassword",
  "/app/auth/password/resetPassword",
  "/app/auth/registration/newRegistration",
  "/app/auth/registration/verifyEmail",
  "/app/auth/otp/linkDevice",
];

const pageTemplates = [
  "/",
  "/teams",
  "/rules",
  "/support",
  "/anime/genres/",
  "/anime/genres/releasesOfGenre/{param}",
  "/anime/catalog/",
  "/anime/releases/latest/",
  "/anime/releases/release/{param}",
  "/anime/releases/release/{param}/episodes",
  "/anime/releases/release/{param}/torrents",
  "/anime/releases/release/{param}/members",
  "/anime/releases/release/{param}/franchises",
  "/anime/torrents/",
  "/anime/schedule",
  "/anime/franchises/",
  "/anime/franchises/{param}",
  "/media/videos/latest/",
  "/anime/video/episode/{param}",
  "/anime/video/queue/{param}",
  "/app/sitemap",
  ...AUTH_FORM_PAGES,
  "/me/favorites/",
  "/me/collections/",
  "/app/settings/",
  "/dev/vastSdkTest",
  "/sitemap.xml",
  "/robots.txt",
  "/api/v1/anime/catalog/releases",
  "/api/v1/anime/releases/{param}",
  "/{param}",
];

const actionPaths = [
  ...AUTH_FORM_PAGES,
  "/app/auth/logout",
  "/preferences/theme",
  "/lists/favorites",
  "/lists/collections",
  "/polls/vote",
  "/anime/catalog/",
];

const awkwardText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1.5",
    "99999999999999999999",
    "NaN",
    "%",
    "%E0%A4%A",
    "../../etc/passwd",
    "<script>",
    "' OR 1=1 --",
    "\u0000",
    "🙂",
    "a".repeat(3000),
  ),
);

const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "page",
        "types",
        "genres",
        "yearFrom",
        "yearTo",
        "sorting",
        "search",
        "view",
        "sort",
        "day",
        "q",
        "token",
        "redirectTo",
        "limit",
        "only",
        "quality",
        "x",
      ),
      awkwardText,
    ),
    { maxLength: 6 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

function fill(template: string, param: string): string {
  return template.replace("{param}", encodeURIComponent(param));
}

/** Several hundred requests each: far past the suite's default, as in the browser suite. */
const PROPERTY_TIMEOUT = 240_000;

/** Asked as a person's browser, not a crawler, as the answers most visitors get. */
const person = VISITORS.withoutJavaScript;

function postForm(path: string, form: Record<string, string>, origin: string) {
  return fetch(new URL(path, siteUrl()), {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": person.userAgent },
    redirect: "manual",
  });
}

describe("bad input never causes a server error", () => {
  test(
    "arbitrary route parameters and query strings on every page",
    async () => {
      for (const template of pageTemplates) {
        await fc.assert(
          fc.asyncProperty(awkwardText, queryString, async (param, query) => {
            const path = fill(template, param === "" ? "x" : param);
            const url = query ? `${path}?${query}` : path;
            expect((await request(url, person)).status, `GET ${url}`).toBeLessThan(500);
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
    },
    PROPERTY_TIMEOUT,
  );

  test(
    "arbitrary form bodies on every action, same-origin",
    async () => {
      const fieldNames = fc.constantFrom(...new Set([...FORM_FIELD_NAMES, "website", "pollId", "optionId"]));
      for (const path of actionPaths) {
        await fc.assert(
          fc.asyncProperty(fc.dictionary(fieldNames, awkwardText, { maxKeys: 6 }), async (form) => {
            const response = await postForm(path, form, siteUrl());
            expect(response.status, `POST ${path} ${JSON.stringify(form).slice(0, 200)}`).toBeLessThan(500);
          }),
          { numRuns: RUNS_PER_ROUTE },
        );
      }
    },
    PROPERTY_TIMEOUT,
  );

  test("an address that only takes posts, asked with GET, is a 404 that says so in words", async () => {
    const postOnly = [
      "/watch-together",
      "/watch-together/0f8fad5b-d9cb-469f-a165-70867728950e/commands",
      "/polls/vote",
      "/notifications/bell",
      "/notifications/push-subscription",
      "/lists/favorites",
      "/lists/collections",
      "/preferences/theme",
      "/preferences/low-data",
    ];
    for (const path of postOnly) {
      const answer = await request(path, person);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("Cache-Control"), path).toMatch(/\bno-store\b/);
      expect(await answer.json(), path).toEqual({ message: "Не найдено." });
    }
  });

  test("writes from another site are refused", async () => {
    for (const path of ["/preferences/theme", "/app/auth/login", "/api/v1/accounts/users/me/favorites"]) {
      expect((await postForm(path, { theme: "light" }, "https://evil.example")).status, path).toBe(403);
    }
  });
});

describe("security headers on every kind of response", () => {
  test.each([
    ["HTML page", "/"],
    ["HTML error page", "/no-such-page"],
    ["route data (single fetch)", "/anime/catalog.data"],
    ["resource route", "/healthz"],
    ["API proxy", "/api/v1/anime/catalog/references/types"],
    ["static file", "/favicon.ico"],
    ["robots.txt", "/robots.txt"],
  ])("%s", async (kind, path) => {
    const { headers } = await request(path, person);
    expect(headers.get("x-content-type-options"), path).toBe("nosniff");
    expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options"), path).toBe("DENY");
    if (kind.startsWith("HTML")) expect(headers.get("content-security-policy"), path).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  });

  test("hashed assets are immutable and the rest revalidates", async () => {
    const html = await (await request("/", person)).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, "the home page references a hashed script").toBeTruthy();
    expect((await request(asset!)).headers.get("cache-control")).toContain("immutable");
    expect((await request("/favicon.ico")).headers.get("cache-control")).not.toContain("immutable");
  });
});
