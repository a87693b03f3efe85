import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

const matches = [{ id: "root", data: { site: { name: "AniLibria", origin: "https://example.org" } } }];

describe("pageMeta", () => {
  it("puts the page title before the site name", () => {
    const meta = pageMeta({ matches, location: { pathname: "/anime/catalog/" } }, { title: "Каталог" });
    expect(meta).toContainEqual({ title: "Каталог | AniLibria" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/anime/catalog/" });
    expect(meta).toContainEqual({ property: "og:locale", content: "ru_RU" });
  });

  it("keeps the page number in the canonical URL of later list pages, and nothing else", () => {
    const meta = pageMeta({ matches, location: { pathname: "/anime/torrents/", search: "?page=3&view=x" } }, {});
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/anime/torrents/?page=3" });
  });

  it("marks private pages as not to be indexed", () => {
    const meta = pageMeta({ matches, location: { pathname: "/me/favorites/" } }, { title: "Избранное", noindex: true });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  it("makes Open Graph images absolute", () => {
    const meta = pageMeta({ matches, location: { pathname: "/" } }, { image: "/storage/poster.webp" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://example.org/storage/poster.webp" });
  });
});
