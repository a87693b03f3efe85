import { describe, expect, it } from "vitest";
import { readCookie, serializePreferenceCookie } from "./cookies";

describe("preference cookies", () => {
  it("reads one cookie among several", () => {
    expect(readCookie("a=1; theme=light; viewport=xs", "theme")).toBe("light");
    expect(readCookie("a=1; theme=light", "viewport")).toBeUndefined();
    expect(readCookie(null, "theme")).toBeUndefined();
  });

  it("survives malformed encodings", () => {
    expect(readCookie("theme=%E0%A4%A", "theme")).toBeUndefined();
  });

  it("writes the attributes the spec asks for", () => {
    expect(serializePreferenceCookie("viewport", "lg", { maxAgeSeconds: 31536000, sameSite: "Strict" })).toBe(
      "viewport=lg; Path=/; Max-Age=31536000; SameSite=Strict",
    );
  });
});
