import { describe, expect, it } from "vitest";
import { ImageSchema, listSchema, oneSchema, resolveMediaUrl, webUrlOrNull } from "./schemas";
import { z } from "zod/v4";

describe("resolveMediaUrl", () => {
  it.each([
    ["/storage/a.jpg", "https://media.example/storage/a.jpg"],
    ["storage/a.jpg", "https://media.example/storage/a.jpg"],
    ["//cdn.example/a.jpg", "https://cdn.example/a.jpg"],
    ["https://cdn.example/a.jpg", "https://cdn.example/a.jpg"],
    ["http://cdn.example/a.jpg", "http://cdn.example/a.jpg"],
    ["javascript:alert(1)", null],
    ["java\tscript:alert(1)", "https://media.example/javascript:alert(1)"],
    ["data:image/svg+xml,<svg onload=alert(1)>", null],
    ["", null],
    [null, null],
  ])("%j → %j", (path, expected) => expect(resolveMediaUrl(path, "https://media.example")).toBe(expected));

  it.each([
    "/storage/posters/24/preview.jpg",
    "storage/a-b_c~d.webp",
    "/storage/a/../b.jpg",
    "/storage/./b.jpg",
    "/storage/.hidden/x",
    "/storage/b.jpg/",
    "/storage/%2e%2e/x",
    "/storage/в.jpg",
    "/storage/a b.jpg",
    "/storage\\x",
    "/storage/a.jpg?x=1#y",
  ])("resolves %j exactly as the URL parser does, whatever the origin", (path) => {
    for (const origin of [
      "https://media.example",
      "http://127.0.0.1:4320",
      "HTTPS://Media.Example",
      "https://media.example/",
      "ftp://media.example",
    ]) {
      const parsed = webUrlOrNull(new URL(path.startsWith("/") ? path : `/${path}`, origin).toString());
      expect(resolveMediaUrl(path, origin)).toBe(parsed);
    }
  });
});

describe("webUrlOrNull", () => {
  it.each([
    ["https://site.example/a?b=1#c", "https://site.example/a?b=1#c"],
    ["HTTP://Site.Example", "http://site.example/"],
    ["//cdn.example/x", "https://cdn.example/x"],
    ["  https://site.example/x  ", "https://site.example/x"],
    ["https://site.example/в", "https://site.example/%D0%B2"],
  ])("keeps the http(s) URL %j as %j", (value, expected) => expect(webUrlOrNull(value)).toBe(expected));

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\nscript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,x",
    "vbscript:x",
    "file:///etc/passwd",
    "ftp://site.example/",
    "magnet:?xt=urn:btih:abc",
    "/path",
    "site.example",
    "https://",
    "",
    null,
    undefined,
  ])("drops %j", (value) => expect(webUrlOrNull(value)).toBeNull());
});

describe("tolerant building blocks", () => {
  it("reads `preview ?? src` at both levels and a missing image as empty", () => {
    expect(ImageSchema.parse({ src: "/s.jpg", thumbnail: "/t.jpg", optimized: { src: "/s.webp" } })).toEqual({
      preview: "/s.jpg",
      thumbnail: "/t.jpg",
      optimized: { preview: "/s.webp", thumbnail: null },
    });
    expect(ImageSchema.parse(null)).toEqual({ preview: null, thumbnail: null, optimized: { preview: null, thumbnail: null } });
  });

  it("reads a list as a bare array or {data}", () => {
    const schema = listSchema(z.number());
    expect(schema.parse([1])).toEqual([1]);
    expect(schema.parse({ data: [1], meta: {} })).toEqual([1]);
    expect(schema.safeParse({ items: [1] }).success).toBe(false);
  });

  it("reads one item as an object, {data: object} or a one-element array", () => {
    const schema = oneSchema(z.object({ id: z.number() }));
    expect(schema.parse({ id: 1 })).toEqual({ id: 1 });
    expect(schema.parse({ data: { id: 1 } })).toEqual({ id: 1 });
    expect(schema.parse([{ id: 1 }])).toEqual({ id: 1 });
    expect(schema.parse([])).toBeNull();
  });
});
