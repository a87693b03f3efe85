import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.server";

const BASE = "https://site.example";

describe("safeRedirectPath", () => {
  it.each(["/", "/anime/catalog/?types=TV,WEB&page=2", "/me/favorites/#top", "/anime/releases/release/a%20b"])(
    "keeps the local path %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%09/evil.example",
    "/\u0000x",
    "",
    null,
    undefined,
  ])("rejects %j", (raw) => {
    expect(safeRedirectPath(raw, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/п", "/%D0%BF"],
    ["/anime/catalog?search=Ван Пис", "/anime/catalog?search=%D0%92%D0%B0%D0%BD%20%D0%9F%D0%B8%D1%81"],
    ["/a\u3000b", "/a%E3%80%80b"],
    ["/a\u2028b", "/a%E2%80%A8b"],
    ["/%D0%BF", "/%D0%BF"],
    ["/😀", "/%F0%9F%98%80"],
  ])("percent-encodes the non-ASCII characters of %j, so it fits a Location header", (raw, expected) => {
    const result = safeRedirectPath(raw, "/fallback");
    expect(result).toBe(expected);
    expect(() => new Headers({ Location: result })).not.toThrow();
  });

  it.each([
    "/\uFF0F\uFF0Fevil.example",
    "/\uFF0Fevil.example",
    "/\uFF3Cevil.example",
    "/\uFE68evil.example",
    "/\u2215\u2215evil.example",
    "/\u2044evil.example",
    "/\u29F8evil.example",
    "/%EF%BC%8F%EF%BC%8Fevil.example",
    "/a\uD800b",
  ])("refuses the slash look-alike or broken text in %j", (raw) => {
    expect(safeRedirectPath(raw, "/fallback")).toBe("/fallback");
  });

  it("never leaves the origin, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }).map((tail) => `/${tail}`),
          fc.string({ unit: "binary" }),
          fc.string({ unit: "grapheme" }).map((tail) => `/${tail}`),
          fc.webUrl(),
          fc.webPath(),
          fc.constantFrom("/", "//", "/\\", "/%2F", "%2F").chain((head) => fc.string().map((tail) => head + tail)),
        ),
        (raw) => {
          const result = safeRedirectPath(raw, "/");
          expect(new URL(result, BASE).origin).toBe(BASE);
          expect(result.startsWith("/")).toBe(true);
          expect(result.startsWith("//")).toBe(false);
          // eslint-disable-next-line no-control-regex
          expect(/[\u0000-\u001f\u007f\\]/.test(result)).toBe(false);
          expect(() => new Headers({ Location: result })).not.toThrow();
          expect(/^[\u0021-\u007e]+$/.test(result)).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("keeps ordinary site paths unchanged", () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
  });
});
