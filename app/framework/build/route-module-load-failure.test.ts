import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { runBuild } from "../../../tests/support/vite-plugin-build";
import { handRouteModuleFailuresToPage, routeModuleLoadFailure } from "./route-module-load-failure";

const remixRouteModules = createRequire(import.meta.url).resolve("@remix-run/react/dist/esm/routeModules.js");

describe("handRouteModuleFailuresToPage", () => {
  it("replaces Remix's unguarded reload with the page's handler", () => {
    const patched = handRouteModuleFailuresToPage(readFileSync(remixRouteModules, "utf8"));
    expect(patched).not.toContain("window.location.reload()");
    expect(patched).toContain("window.__onRouteModuleLoadFailure(error)");
  });

  it("fails the build when Remix's loader no longer has the reload it replaces", () => {
    expect(() => handRouteModuleFailuresToPage("export async function loadRouteModule() {}")).toThrow(
      /Remix's route module loader changed/,
    );
  });

  it("finds Remix's route module loader where the installed package has it", () => {
    const build = runBuild(routeModuleLoadFailure(), { ssr: false, modules: { [remixRouteModules]: readFileSync(remixRouteModules, "utf8") } });
    expect(JSON.stringify(build.output[remixRouteModules])).toContain("__onRouteModuleLoadFailure");
    expect(() => build.end()).not.toThrow();
  });
});
