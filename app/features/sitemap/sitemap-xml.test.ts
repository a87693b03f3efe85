import { describe, expect, it } from "vitest";
import { escapeXml, parseSitemapFileName, releaseFileCount, sitemapIndexXml, upstreamPagesOfFile, urlsetXml, w3cDate } from "./sitemap-xml";

describe("release files", () => {
  it("splits releases into files of at most 50,000 URLs", () => {
    expect(releaseFileCount(0)).toBe(1);
    expect(releaseFileCount(300)).toBe(1);
    expect(releaseFileCount(50_000)).toBe(1);
    expect(releaseFileCount(50_001)).toBe(2);
    expect(releaseFileCount(120_000)).toBe(3);
  });

  it("maps a file to the upstream pages of 50 that fill it", () => {
    expect(upstreamPagesOfFile(1, 300)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(upstreamPagesOfFile(1, 120_000)).toHaveLength(1000);
    const second = upstreamPagesOfFile(2, 120_000);
    expect([second[0], second.at(-1)]).toEqual([1001, 2000]);
    const third = upstreamPagesOfFile(3, 120_000);
    expect([third[0], third.at(-1), third.length]).toEqual([2001, 2400, 400]);
    expect(upstreamPagesOfFile(4, 120_000)).toEqual([]);
  });

  it("uses small numbers the same way", () => {
    expect(upstreamPagesOfFile(2, 25, 10, 5)).toEqual([3, 4]);
  });
});

describe("file names", () => {
  it("accepts the static file and numbered release files only", () => {
    expect(parseSitemapFileName("static.xml")).toEqual({ kind: "static" });
    expect(parseSitemapFileName("releases-12.xml")).toEqual({ kind: "releases", number: 12 });
    for (const name of ["releases-0.xml", "releases-01.xml", "releases-1.txt", "other.xml", undefined])
      expect(parseSitemapFileName(name)).toBeNull();
  });
});

describe("XML", () => {
  it("escapes URLs and writes dates as W3C dates", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(w3cDate("2026-11-20T08:00:00.000Z")).toBe("2026-11-20");
    expect(w3cDate("not a date")).toBeNull();
  });

  it("writes a URL set and an index in the sitemaps namespace", () => {
    const set = urlsetXml([{ loc: "https://example.org/?a=1&b=2", lastmod: "2026-11-20T08:00:00Z" }, { loc: "https://example.org/rules" }]);
    expect(set).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(set).toContain("<url><loc>https://example.org/?a=1&amp;b=2</loc><lastmod>2026-11-20</lastmod></url>");
    expect(set).toContain("<url><loc>https://example.org/rules</loc></url>");
    const index = sitemapIndexXml([{ loc: "https://example.org/sitemaps/static.xml" }]);
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(index).toContain("<sitemap><loc>https://example.org/sitemaps/static.xml</loc></sitemap>");
  });
});
