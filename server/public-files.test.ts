import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { describe, expect, it } from "vitest";
import { onlyForBuildEntries } from "./public-files";

function clientBuild(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "client-build-"));
  writeFileSync(path.join(directory, "sw.js"), "");
  mkdirSync(path.join(directory, "icons"));
  return directory;
}

function route(directory: string, requestPath: string): "static" | "next" {
  let reached: "static" | "next" | null = null;
  const middleware = onlyForBuildEntries(directory, () => (reached = "static"));
  middleware({ path: requestPath } as ExpressRequest, {} as ExpressResponse, (() => (reached = "next")) as NextFunction);
  return reached!;
}

describe("static files only for the build's own entries", () => {
  it.each([
    ["/sw.js", "static"],
    ["/icons/icon-192.png", "static"],
    ["/icons", "static"],
    ["/%73w.js", "static"],
    ["/anime/catalog/", "next"],
    ["/", "next"],
    ["/sw.js.map", "next"],
    ["/%E0%A4%A", "next"],
  ] as const)("%s goes to %s", (requestPath, expected) => {
    expect(route(clientBuild(), requestPath)).toBe(expected);
  });

  it("passes everything on when the build has no client folder", () => {
    expect(route(path.join(tmpdir(), "no-such-client-build"), "/sw.js")).toBe("next");
  });
});
