// Bundles the server into build/: server-main.js (one HTTP server process: development, tests, each cluster worker)
// and server-cluster.js (the production entry: the primary that forks server-main.js per core, decision 0190).
// npm packages stay external and load from node_modules; the app's modules the server needs with their state load
// through the app's build (server/server-hooks.ts, decision 0259), so they are not bundled here.
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** @type {import("esbuild").BuildOptions} */
export const serverBundleOptions = {
  entryPoints: { "server-main": "server/main.ts", "server-cluster": "server/cluster.ts" },
  outdir: process.env.BUILD_DIR ?? "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await build(serverBundleOptions);
