import { describe, expect, it } from "vitest";
import { ImageSchema, listSchema, oneSchema, resolveMediaUrl } from "./schemas";
import { z } from "zod";

describe("resolveMediaUrl", () => {
  it.each([
    ["/storage/a.jpg", "https://media.example/storage/a.jpg"],
    ["storage/a.jpg", "https://media.example/storage/a.jpg"],
    ["//cdn.example/a.jpg", "https://cdn.example/a.jpg"],
    ["https://cdn.example/a.jpg", "https://cdn.example/a.jpg"],
    ["http://cdn.example/a.jpg", "http://cdn.example/a.jpg"],
    ["javascript:alert(1)", null],
    ["", null],
    [null, null],
  ])("%j → %j", (path, expected) => expect(resolveMediaUrl(path, "https://media.example")).toBe(expected));
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
