import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.server";

const BASE = "https://site.example";

describe("safeRedirectPath", () => {
  it.each(["/", "/anime/catalog/?types=TV,WEB&page=2", "/me/favorites/#top", "/anime/releases/release/a%20b"])("keeps the local path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

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

  it("never leaves the origin, whatever the input", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }).map((tail) => `/${tail}`), fc.string({ unit: "binary" }), fc.webUrl(), fc.webPath(), fc.constantFrom("/", "//", "/\\", "/%2F", "%2F").chain((head) => fc.string().map((tail) => head + tail))), (raw) => {
        const result = safeRedirectPath(raw, "/");
        expect(new URL(result, BASE).origin).toBe(BASE);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        // eslint-disable-next-line no-control-regex
        expect(/[\u0000-\u001f\u007f\\]/.test(result)).toBe(false);
      }),
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
