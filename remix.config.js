/** Remix plugin options, imported by vite.config.ts (see docs/decisions/0001-vite-plugin-with-remix-config.md). */
/** @type {import("@remix-run/dev").VitePluginConfig} */
export default {
  ignoredRouteFiles: ["**/*.test.*", "**/.*", "**/*.css"],
  serverModuleFormat: "esm",
  // BUILD_DIR lets parallel test runs (or agents) keep separate builds; everything else uses ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    // The whole route manifest ships as one cached module: discovering routes from the page's links cost every
    // hydration a long task and a re-render (docs/decisions/0232-whole-route-manifest.md).
    v3_lazyRouteDiscovery: false,
  },
};
