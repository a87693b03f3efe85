import { describe, expect, it } from "vitest";
import { runBuild } from "../../../tests/support/vite-plugin-build";
import { clientModuleRewrite } from "./client-module-rewrite";

const plugin = () => clientModuleRewrite("test-rewrite", /\/pkg\/dist\/module\.js$/, (source) => source.replace("old", "new"));

describe("clientModuleRewrite", () => {
  it("rewrites the module it names in the client build", () => {
    const build = runBuild(plugin(), { ssr: false, modules: { "/node_modules/pkg/dist/module.js": "old()", "/app/x.ts": "old()" } });
    expect(build.output).toEqual({ "/node_modules/pkg/dist/module.js": { code: "new()", map: null }, "/app/x.ts": null });
    expect(() => build.end()).not.toThrow();
  });

  it("fails a client build in which no module matched: the package moved or renamed the file", () => {
    const build = runBuild(plugin(), { ssr: false, modules: { "/node_modules/pkg/dist/renamed.js": "old()" } });
    expect(() => build.end()).toThrow(/test-rewrite: no module of the client build matched/);
  });

  it("leaves the server build alone", () => {
    const build = runBuild(plugin(), { ssr: true, modules: { "/node_modules/pkg/dist/module.js": "old()" } });
    expect(build.output["/node_modules/pkg/dist/module.js"]).toBeNull();
    expect(() => build.end()).not.toThrow();
  });

  it("adds nothing to a build that failed for another reason", () => {
    const build = runBuild(plugin(), { ssr: false, modules: {} });
    expect(() => build.end(new Error("syntax error elsewhere"))).not.toThrow();
  });
});
