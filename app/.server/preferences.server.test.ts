import { describe, expect, it } from "vitest";
import { readPreferences, themeCookieHeader } from "./preferences.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("readPreferences", () => {
  it("defaults to the dark theme", () => {
    expect(readPreferences(request({})).theme).toBe("dark");
  });

  it("reads the theme and the viewport from their cookies", () => {
    expect(readPreferences(request({ Cookie: "theme=light; viewport=sm" }))).toEqual({ theme: "light", viewport: "sm" });
  });

  it("ignores forged values", () => {
    expect(readPreferences(request({ Cookie: "theme=<script>; viewport=huge", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64)" }))).toEqual({
      theme: "dark",
      viewport: "lg",
    });
  });

  it("keeps the theme for a year, same-site lax", () => {
    expect(themeCookieHeader("light")).toBe("theme=light; Path=/; Max-Age=31536000; SameSite=Lax");
  });
});
