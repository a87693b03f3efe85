import { describe, expect, it } from "vitest";
import { action } from "./preferences.theme";
import { withLoadContext } from "../../tests/support/load-context";

function post(fields: Record<string, string>): Promise<Response> {
  const request = new Request("http://localhost:3000/preferences/theme", { method: "POST", body: new URLSearchParams(fields) });
  return action(withLoadContext({ request, params: {}, context: {} })) as Promise<Response>;
}

describe("routes/preferences.theme", () => {
  it("saves the theme and answers a fetcher with JSON, whatever page the form names", async () => {
    const response = await post({ theme: "light", redirectTo: "/anime/catalog", via: "fetcher" });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=light;/);
    expect(await response.json()).toEqual({ theme: "light" });
  });

  it("saves the theme and sends the browser's own post back to the page", async () => {
    const response = await post({ theme: "dark", redirectTo: "/anime/catalog?page=2" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/anime/catalog?page=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=dark;/);
  });

  it("sends a post that names no page to the home page", async () => {
    const response = await post({ theme: "light" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=light;/);
  });

  it.each([
    ["/п", "/%D0%BF"],
    ["/a\u3000b", "/a%E3%80%80b"],
    ["/a\u2028b", "/a%E2%80%A8b"],
    ["/\uFF0F\uFF0Fevil.example", "/"],
  ])("goes back to %j encoded or refused (%s), the theme saved", async (redirectTo, location) => {
    const response = await post({ theme: "light", redirectTo });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=light;/);
  });

  it("refuses an unknown theme with a message in Russian", async () => {
    const response = await post({ theme: "neon" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Неизвестная тема оформления." });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
