// Bundles the server into build/: server-main.js (one HTTP server process: development, tests, each cluster worker)
// and server-cluster.js (the production entry: the primary that forks server-main.js per core, decision 0190).
// npm packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { "server-main": "server/main.ts", "server-cluster": "server/cluster.ts" },
  outdir: process.env.BUILD_DIR ?? "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
