import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots";

describe("robotsTxt", () => {
  it("closes private paths and names the absolute sitemap", () => {
    const text = robotsTxt("https://example.org");
    expect(text.split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /me/",
      "Disallow: /app/settings/",
      "Disallow: /app/auth/",
      "Disallow: /api/",
      "Disallow: /embedded/",
      "Disallow: /dev/",
      "",
      "Sitemap: https://example.org/sitemap.xml",
      "",
    ]);
  });
});
