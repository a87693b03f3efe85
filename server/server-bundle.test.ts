// The server's own bundle (scripts/build-server.mjs) carries only the app's stateless helpers: what holds state the
// pages share (the Redis connection, the caches, the embedded API) comes through the app's build (decision 0259).
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { serverBundleOptions } from "../scripts/build-server.mjs";

/** Constants, pure functions and values derived once from the configuration (the env, the session key): a second copy changes nothing. */
const STATELESS_APP_MODULES = [
  // The framework's patch of Remix's route matching: its memory is the server's alone (no page module imports it).
  "app/framework/.server/route-matching.ts",
  "app/.server/body-limits.ts",
  "app/.server/bounded-cache.ts",
  "app/.server/env.server.ts",
  // Its budget sizes the workers; its streams live in the pages' build (nothing here is module state).
  "app/.server/event-streams.server.ts",
  "app/.server/http-cache.server.ts",
  "app/.server/log.server.ts",
  "app/.server/outbound-fetch.server.ts",
  "app/.server/cluster-health.server.ts",
  "app/.server/cluster-relay.server.ts",
  "app/.server/security/content-security-policy.server.ts",
  "app/.server/security/safe-redirect.server.ts",
  "app/.server/security/same-origin.server.ts",
  "app/.server/session.server.ts",
  "app/.server/strings.ts",
  "app/domain/build-version.ts",
  "app/domain/cookies.ts",
  "app/domain/low-data.ts",
  "app/i18n/ru.ts",
];

describe("the server's own bundle", () => {
  it("bundles no app module that holds state the pages share", async () => {
    const root = path.resolve(import.meta.dirname, "..");
    const result = await build({ ...serverBundleOptions, absWorkingDir: root, write: false, metafile: true, sourcemap: false });
    if (!result.metafile) throw new Error("esbuild made no metafile");
    const appModules = Object.keys(result.metafile.inputs).filter((input) => input.startsWith("app/") || input.startsWith("embedded-api/"));
    expect(appModules.filter((input) => !STATELESS_APP_MODULES.includes(input))).toEqual([]);
  });
});
