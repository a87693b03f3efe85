import { afterEach, describe, expect, it, vi } from "vitest";

const request = new Request("http://127.0.0.1:3000/anime/catalog/?page=2");

async function siteOriginWith(siteUrl: string | undefined) {
  vi.resetModules();
  if (siteUrl === undefined) vi.stubEnv("SITE_URL", "");
  else vi.stubEnv("SITE_URL", siteUrl);
  const { siteOrigin } = await import("./site-origin.server");
  return siteOrigin(request);
}

// The modules imported here cached the stubbed environment: drop them, so no later test file sees that SITE_URL.
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("siteOrigin", () => {
  it("is the request's origin when SITE_URL is not set", async () => {
    expect(await siteOriginWith(undefined)).toBe("http://127.0.0.1:3000");
  });

  it("is SITE_URL, without its trailing slash, when set", async () => {
    expect(await siteOriginWith("https://anilibria.example/")).toBe("https://anilibria.example");
  });
});
