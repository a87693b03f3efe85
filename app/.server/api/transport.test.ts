import { afterAll, describe, expect, it, vi } from "vitest";

vi.stubEnv("EMBEDDED_API_DB", ":memory:");
vi.stubEnv("UPSTREAM_URL", "");

const { apiBaseUrl, closeEmbeddedApi, getEmbeddedApi, resolveUpstream } = await import("./transport");
const { getCatalogReleases } = await import("./catalog");
const { getRelease } = await import("./releases");
const { login } = await import("./auth");
const { getProfile } = await import("./profile");
const { apiContext } = await import("./context");

afterAll(() => closeEmbeddedApi());

describe("apiBaseUrl", () => {
  it.each([
    ["https://anilibria.top", "https://anilibria.top/api/v1"],
    ["https://anilibria.top/api/v1", "https://anilibria.top/api/v1"],
    ["https://anilibria.top/api/v1/", "https://anilibria.top/api/v1"],
    ["http://127.0.0.1:4000/", "http://127.0.0.1:4000/api/v1"],
  ])("%s → %s", (input, expected) => expect(apiBaseUrl(input)).toBe(expected));
});

describe("embedded mode (UPSTREAM_URL unset)", () => {
  it("addresses the in-process API at the incoming request's origin", () => {
    const target = resolveUpstream(new Request("http://127.0.0.1:5173/anime/catalog/"));
    expect(target).toMatchObject({ baseUrl: "http://127.0.0.1:5173/api/v1", embedded: true });
  });

  it("creates one embedded API per process", async () => {
    expect(await getEmbeddedApi()).toBe(await getEmbeddedApi());
  });

  it("runs real calls for an incoming Request: links and media point at our origin", async () => {
    const incoming = apiContext(new Request("http://127.0.0.1:5173/anime/catalog/"));
    const page = await getCatalogReleases(incoming, { limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.poster.preview).toMatch(/^http:\/\/127\.0\.0\.1:5173\/storage\//);
    expect(page.pagination.links.next ?? "").toMatch(/^(http:\/\/127\.0\.0\.1:5173\/api\/v1\/|$)/);
    const release = await getRelease(incoming, page.items[0]!.alias);
    expect(release.id).toBe(page.items[0]!.id);
  });

  it("logs in and reads the profile with the fresh token", async () => {
    const incoming = new Request("http://localhost:3000/app/auth/login", { method: "POST" });
    const token = await login(apiContext(incoming), { login: "demo", password: "demo-password" });
    const profile = await getProfile(apiContext(incoming, { token }));
    expect(profile.login).toBe("demo");
    expect(profile.avatar.preview).toMatch(/^http:\/\/localhost:3000\/storage\//);
  });
});

describe("network mode with mirrors", () => {
  it("shares the process's breakers between requests and points links at the first host that is up", async () => {
    const { networkUpstream, preferredBaseUrl } = await import("./transport");
    const hosts = ["https://a.example", "https://b.example/api/v1"];
    const target = networkUpstream(hosts);
    expect(target).toMatchObject({ baseUrl: "https://a.example/api/v1", embedded: false });
    expect(networkUpstream(hosts).hosts).toBe(target.hosts);
    expect(preferredBaseUrl(target)).toBe("https://a.example/api/v1");
    for (let index = 0; index < 3; index += 1) target.hosts!.hosts[0]!.record({ kind: "failed", reason: "connect ECONNREFUSED" });
    expect(preferredBaseUrl(target)).toBe("https://b.example/api/v1");
  });
});
