import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageCacheQueryParameters } from "./page-cache-keys.server";

const ROUTE_DIRECTORY = path.join(import.meta.dirname, "routes");
const routeIds = new Set([
  "root",
  ...readdirSync(ROUTE_DIRECTORY)
    .filter((file) => !file.includes(".test."))
    .map((file) => `routes/${file.replace(/\.tsx?$/, "")}`),
]);

describe("pageCacheQueryParameters", () => {
  it("names only routes that exist", () => {
    for (const id of Object.keys(pageCacheQueryParameters)) expect(routeIds, id).toContain(id);
  });
});
