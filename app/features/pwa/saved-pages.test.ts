import { describe, expect, it } from "vitest";
import { pageTitleFromHtml, savedPages } from "./saved-pages";
import { PAGE_CACHE } from "./worker-rules";

const origin = "https://site.example";

function fakeCacheStorage(entries: Record<string, string>): CacheStorage {
  const cache = {
    keys: async () => Object.keys(entries).map((url) => new Request(url)),
    match: async (request: Request) => new Response(entries[request.url] ?? ""),
  };
  return { has: async (name: string) => name === PAGE_CACHE, open: async () => cache } as unknown as CacheStorage;
}

describe("saved pages", () => {
  it("reads a page's title, decoding entities", () => {
    expect(pageTitleFromHtml("<head><title>Правила &amp; FAQ | AniLibria</title></head>")).toBe("Правила & FAQ | AniLibria");
    expect(pageTitleFromHtml("<title>&#171;Ван-Пис&#x00BB;</title>")).toBe("«Ван-Пис»");
    expect(pageTitleFromHtml("<title> </title>")).toBeNull();
    expect(pageTitleFromHtml("<p>no title</p>")).toBeNull();
  });

  it("lists saved pages newest first, without the offline page itself", async () => {
    const storage = fakeCacheStorage({
      [`${origin}/rules`]: "<title>Правила</title>",
      [`${origin}/offline`]: "<title>Нет подключения к сети</title>",
      [`${origin}/anime/catalog/?types=TV`]: "<title>Каталог</title>",
    });
    await expect(savedPages(storage, origin)).resolves.toEqual([
      { path: "/anime/catalog/?types=TV", title: "Каталог" },
      { path: "/rules", title: "Правила" },
    ]);
  });

  it("is empty before anything was saved", async () => {
    const storage = { has: async () => false } as unknown as CacheStorage;
    await expect(savedPages(storage, origin)).resolves.toEqual([]);
  });
});
