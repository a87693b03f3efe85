import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportsAction, fillPattern, readRoutePatterns, segmentsOfRouteFile } from "./routes";

describe("segmentsOfRouteFile", () => {
  it.each([
    ["_app._index.tsx", []],
    ["_app.tsx", []],
    ["$.tsx", ["*"]],
    ["_app.anime.releases.release.$alias._index.tsx", ["anime", "releases", "release", ":alias"]],
    ["_clean.app.auth.social.$provider.tsx", ["app", "auth", "social", ":provider"]],
    ["anime.video.episode.$releaseEpisodeId.master[.]m3u8.ts", ["anime", "video", "episode", ":releaseEpisodeId", "master.m3u8"]],
    ["manifest[.]webmanifest.ts", ["manifest.webmanifest"]],
    ["api.v1.$.ts", ["api", "v1", "*"]],
    ["users_.$id.tsx", ["users", ":id"]],
  ])("%s", (file, segments) => {
    expect(segmentsOfRouteFile(file)).toEqual(segments);
  });
});

describe("exportsAction", () => {
  it("finds the forms of an action export and nothing else", () => {
    expect(exportsAction("export async function action({ request }) {}")).toBe(true);
    expect(exportsAction("export function action() {}")).toBe(true);
    expect(exportsAction("export const action = () => null;")).toBe(true);
    expect(exportsAction("export { loader, action } from './x';")).toBe(true);
    expect(exportsAction("export async function loader() {}\nfunction action() {}")).toBe(false);
  });
});

describe("readRoutePatterns", () => {
  const patterns = readRoutePatterns(path.resolve("app/routes"));

  it("covers the app's own routes, each URL once, with their actions", () => {
    const urls = patterns.map((pattern) => `/${pattern.segments.join("/")}`);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain("/anime/releases/release/:alias");
    expect(urls).toContain("/api/v1/*");
    expect(urls).toContain("/");
    expect(patterns.find((pattern) => pattern.segments.join("/") === "preferences/theme")?.hasAction).toBe(true);
    expect(patterns.find((pattern) => pattern.segments.join("/") === "healthz")?.hasAction).toBe(false);
  });

  it("fills parameters and splats", () => {
    expect(fillPattern(["anime", ":alias", "*"], (name) => (name === "*" ? "a/b" : "x"))).toBe("/anime/x/a/b");
    expect(fillPattern([], () => "x")).toBe("/");
  });
});
