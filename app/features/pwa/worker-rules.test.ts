import { describe, expect, it } from "vitest";
import {
  assetPathsInHtml,
  isOutdatedOwnCache,
  isSignOutRequest,
  isStorableResponse,
  offlinePageUrl,
  pageCacheKey,
  requestPolicy,
  sameOriginAssetPaths,
} from "./worker-rules";

const origin = "https://anilibria.example";

function policy(path: string, options: { method?: string; mode?: RequestMode; origin?: string } = {}) {
  return requestPolicy({
    url: new URL(path, options.origin ?? origin),
    method: options.method ?? "GET",
    mode: options.mode ?? "cors",
    workerOrigin: origin,
  });
}

describe("requestPolicy", () => {
  it("caches hashed assets first, pages and their data network-first, catalogue calls stale-while-revalidate", () => {
    expect(policy("/assets/root-abc123.js")).toBe("asset");
    expect(policy("/anime/catalog/?types=TV", { mode: "navigate" })).toBe("page");
    expect(policy("/anime/catalog.data?types=TV")).toBe("page-data");
    expect(policy("/_root.data")).toBe("page-data");
    expect(policy("/api/v1/anime/catalog/releases?page=2")).toBe("catalogue");
  });

  it("never caches account pages, account calls or their data", () => {
    for (const path of ["/me/favorites", "/me", "/app/settings/site", "/app/auth/login", "/api/v1/accounts/users/me/profile"]) {
      expect(policy(path, { mode: "navigate" })).toBe("network");
      expect(policy(path)).toBe("network");
    }
    expect(policy("/me/favorites.data")).toBe("network");
    expect(policy("/me.data")).toBe("network");
    expect(policy("/app/settings.data")).toBe("network");
    // A page whose name only starts like an account path is an ordinary page.
    expect(policy("/media/videos/latest", { mode: "navigate" })).toBe("page");
  });

  it("leaves writes, other origins, media, the worker, the manifest and the build check to the browser", () => {
    expect(policy("/anime/catalog/", { method: "POST", mode: "navigate" })).toBe("network");
    expect(policy("/assets/x.js", { origin: "https://cdn.example" })).toBe("network");
    for (const path of [
      "/storage/releases/1/poster.webp",
      "/sw.js",
      "/manifest.webmanifest",
      "/build-version",
      "/healthz",
      "/embedded/mailbox",
      "/lists/favorites",
    ]) {
      expect(policy(path)).toBe("network");
    }
    expect(policy("/api/v1/teams/users")).toBe("network");
  });

  it("answers saved episodes' files from their cache and opens the saved episodes' page offline", () => {
    expect(policy("/offline-episodes/abc/playlist.m3u8")).toBe("saved-media");
    expect(policy("/offline-episodes/abc/part-0003")).toBe("saved-media");
    expect(policy("/me/downloads", { mode: "navigate" })).toBe("downloads-page");
    expect(policy("/me/downloads/", { mode: "navigate" })).toBe("downloads-page");
    // Its data and other account pages stay uncached.
    expect(policy("/me/downloads.data")).toBe("network");
    expect(policy("/me/downloadsx", { mode: "navigate" })).toBe("network");
    expect(policy("/offline-episodes/abc/playlist.m3u8", { method: "POST" })).toBe("network");
  });
});

describe("isStorableResponse", () => {
  const response = (status: number, cacheControl: string | null, type: ResponseType = "basic") => ({
    status,
    type,
    headers: new Headers(cacheControl ? { "Cache-Control": cacheControl } : {}),
  });

  it("keeps complete public answers only", () => {
    expect(isStorableResponse(response(200, "public, max-age=0, s-maxage=60, stale-while-revalidate=600"))).toBe(true);
    expect(isStorableResponse(response(200, null))).toBe(true);
    expect(isStorableResponse(response(200, "private, no-cache"))).toBe(false);
    expect(isStorableResponse(response(200, "private, no-store"))).toBe(false);
    expect(isStorableResponse(response(200, "No-Store"))).toBe(false);
    expect(isStorableResponse(response(404, "public"))).toBe(false);
    expect(isStorableResponse(response(302, "public"))).toBe(false);
    expect(isStorableResponse(response(0, null, "opaque"))).toBe(false);
  });
});

describe("isSignOutRequest", () => {
  it("recognises the sign-out form with and without JavaScript", () => {
    expect(isSignOutRequest(new URL("/app/auth/logout", origin), "POST")).toBe(true);
    expect(isSignOutRequest(new URL("/app/auth/logout.data", origin), "POST")).toBe(true);
    expect(isSignOutRequest(new URL("/app/auth/logout", origin), "GET")).toBe(false);
    expect(isSignOutRequest(new URL("/app/auth/login", origin), "POST")).toBe(false);
  });
});

describe("offline page and cache keys", () => {
  it("sends an unvisited address to the offline page, remembering it", () => {
    expect(offlinePageUrl(new URL("/anime/schedule?day=1", origin))).toBe(`${origin}/offline?from=%2Fanime%2Fschedule%3Fday%3D1`);
  });

  it("saves a page under its address without the chunk-reload parameter or a fragment", () => {
    expect(pageCacheKey(new URL("/rules?cacheRefresh=2026-01-01T00:00:00.000Z#top", origin))).toBe(`${origin}/rules`);
    expect(pageCacheKey(new URL("/anime/catalog/?types=TV&cacheRefresh=x", origin))).toBe(`${origin}/anime/catalog/?types=TV`);
  });

  it("finds the hashed files a page starts with", () => {
    const html = `<link rel="modulepreload" href="/assets/root-A1.js"/><link rel="stylesheet" href="/assets/tailwind-B2.css"/>
      <script nonce="x" type="module">import "/assets/manifest-C3.js"; import * as route0 from "/assets/root-A1.js";</script>
      <img src="/storage/poster.webp"><link rel="icon" href="/favicon.ico">`;
    expect(assetPathsInHtml(html)).toEqual(["/assets/root-A1.js", "/assets/tailwind-B2.css", "/assets/manifest-C3.js"]);
  });

  it("keeps only same-origin build files from the page's resources", () => {
    expect(
      sameOriginAssetPaths(
        [`${origin}/assets/a.js`, `${origin}/storage/b.webp`, "https://cdn.example/assets/c.js", "/assets/d.css", `${origin}/assets/a.js`],
        origin,
      ),
    ).toEqual(["/assets/a.js", "/assets/d.css"]);
  });

  it("removes only this worker's caches of other versions", () => {
    expect(isOutdatedOwnCache("pages-v0")).toBe(true);
    expect(isOutdatedOwnCache("assets-v1")).toBe(false);
    expect(isOutdatedOwnCache("someone-elses-cache")).toBe(false);
  });
});
