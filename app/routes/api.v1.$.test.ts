import { describe, expect, it } from "vitest";
import { action, loader } from "./api.v1.$";

const args = (request: Request) => ({ request, params: { "*": new URL(request.url).pathname.slice("/api/v1/".length) }, context: {} });

describe("routes/api.v1.$", () => {
  it("refuses a cross-origin POST before touching the upstream", async () => {
    const request = new Request("http://localhost:3000/api/v1/accounts/users/me/favorites", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: "[]",
    });
    const response = await action(args(request));
    expect(response.status).toBe(403);
  });

  it("answers 404 for paths outside the allowlist", async () => {
    const response = await loader(args(new Request("http://localhost:3000/api/v1/accounts/otp/accept")));
    expect(response.status).toBe(404);
  });
});

describe("routes/api.v1.$ and the desktop app's addresses", () => {
  it("answers the desktop app's releases list with a trailing slash as the live API does (the embedded API here)", async () => {
    const response = await loader(args(new Request("http://localhost:3000/api/v1/anime/releases/list/?ids=1,2&page=1&limit=50")));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty("data");
  });
});
