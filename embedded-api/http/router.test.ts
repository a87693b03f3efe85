import { describe, expect, it } from "vitest";
import { Router } from "./router";

describe("Router", () => {
  const router = new Router([{ method: "GET", path: "/anime/releases/list", handler: () => null }]);

  it("reads a path with a trailing slash as the path without it, as the live API does", () => {
    expect(router.match("GET", "/anime/releases/list/")).toMatchObject({ kind: "found" });
    expect(router.match("GET", "/anime/releases/list")).toMatchObject({ kind: "found" });
    expect(router.match("GET", "/anime/releases/list/x")).toEqual({ kind: "not-found" });
  });
});
