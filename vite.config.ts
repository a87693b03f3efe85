import path from "node:path";
import { remixPWA } from "@remix-pwa/dev";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixOptions from "./remix.config.js";
import { sharedClientChunks } from "./app/framework/build/client-chunks";
import { eagerCompileHint } from "./scripts/eager-compile-hint";
import { routeModuleLoadFailure } from "./app/framework/build/route-module-load-failure";
import { serverHooksEntry } from "./scripts/server-hooks-entry";
import { standaloneClientChunk } from "./scripts/standalone-client-chunk";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const underVitest = Boolean(process.env.VITEST);

export default defineConfig(({ isSsrBuild }) => ({
  // The worker is our own entry (no remix-pwa runtime), served as /sw.js from the client build; registered in entry.client.tsx (docs/decisions/0070).
  plugins: [
    underVitest ? null : remix(remixOptions),
    underVitest
      ? null
      : remixPWA({
          registerSW: null,
          workerName: "sw",
          workerEntryPoint: "./app/entry.worker.ts",
          workerBuildDirectory: `${remixOptions.buildDirectory}/client`,
          workerMinify: true,
        }),
    routeModuleLoadFailure(),
    // The player's early start runs before the page's other modules (docs/decisions/0235-episode-starts-before-hydration.md).
    standaloneClientChunk("player-early-engine", path.resolve("app/features/video-engine/early-engine.ts")),
    eagerCompileHint("entry.client"),
    serverHooksEntry(import.meta.dirname),
    tsconfigPaths(),
  ],
  server: { port: 3000 },
  build: {
    target: "es2020",
    // The browser's code goes through terser: 4 KB gzipped less than esbuild's minifier on every page. The server's
    // bundle stays unminified (docs/decisions/0295-browser-code-minified-by-terser.md).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { ecma: 2020, safari10: false },
    // Fewer, larger chunks for the code every page runs (docs/decisions/0218-shell-and-layout-chunks.md).
    rollupOptions: { output: { manualChunks: sharedClientChunks(path.resolve("app"), ["_app", "_clean", "_video"]) } },
  },
  ssr: { external: ["better-sqlite3"] },
}));
