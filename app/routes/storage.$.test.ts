import { afterAll, describe, expect, it, vi } from "vitest";

vi.stubEnv("EMBEDDED_API_DB", ":memory:");
vi.stubEnv("UPSTREAM_URL", "");

const { loader } = await import("./storage.$");
const { closeEmbeddedApi } = await import("~/.server/api/transport");
const { createLoadContext } = await import("~/.server/load-context.server");

afterAll(() => closeEmbeddedApi());

describe("routes/storage.$ in embedded mode", () => {
  it("serves the embedded API's media on our origin", async () => {
    const [release] = (await createLoadContext(new Request("http://localhost:3000/")).api.catalog.releases({ limit: 1 })).items;
    const request = new Request(release!.poster.preview!);
    const response = await loader({ request, params: {}, context: createLoadContext(request) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
  });
});
