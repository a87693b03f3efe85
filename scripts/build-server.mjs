// Bundles server/main.ts into build/server-main.js; npm packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/server-main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
