import { describe, expect, it } from "vitest";
import { webAppManifest } from "./web-manifest";

describe("webAppManifest", () => {
  it("describes an installable Russian app named after the site, black, standalone, scoped to the whole site", () => {
    const manifest = webAppManifest("АниЛибрия");
    expect(manifest).toMatchObject({
      name: "АниЛибрия — аниме с русской озвучкой",
      short_name: "АниЛибрия",
      lang: "ru",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#000000",
      background_color: "#000000",
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  });
});
