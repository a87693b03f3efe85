import { describe, expect, it } from "vitest";
import { lowDataCookieHeader, readPreferences, themeCookieHeader } from "./preferences.server";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("readPreferences", () => {
  it("defaults to the dark theme", () => {
    expect(readPreferences(request({})).theme).toBe("dark");
  });

  it("reads the theme and the viewport from their cookies", () => {
    expect(readPreferences(request({ Cookie: "theme=light; viewport=sm" }))).toEqual({ theme: "light", viewport: "sm", lowData: null });
  });

  it("ignores forged values", () => {
    expect(readPreferences(request({ Cookie: "theme=<script>; viewport=huge", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64)" }))).toEqual({
      theme: "dark",
      viewport: "lg",
      lowData: null,
    });
  });

  it("keeps the theme for a year, same-site lax", () => {
    expect(themeCookieHeader("light")).toBe("theme=light; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("turns low-data mode on by the switch's cookie first, then by the browser's Save-Data", () => {
    expect(readPreferences(request({ Cookie: "low_data=on", "Save-Data": "on" })).lowData).toBe("switch");
    expect(readPreferences(request({ "Save-Data": " On " })).lowData).toBe("browser");
    expect(readPreferences(request({ Cookie: "low_data=yes", "Save-Data": "off" })).lowData).toBeNull();
  });

  it("keeps the low-data switch for a year when on, and clears it when off", () => {
    expect(lowDataCookieHeader(true)).toBe("low_data=on; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(lowDataCookieHeader(false)).toBe("low_data=; Path=/; Max-Age=0; SameSite=Lax");
  });
});
