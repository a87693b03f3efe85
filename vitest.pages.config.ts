import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// `npm run test:pages`: request-level checks of the built site — status, headers and the HTML a crawler, a browser
// without JavaScript or the over-HTTP API client is given — against the production server started once (decision 0261).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    include: ["tests/pages/**/*.test.ts"],
    globalSetup: ["tests/pages/support/servers.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The servers do the work: two files at a time keep both cores busy without queueing pages behind each other.
    maxWorkers: 2,
    pool: "threads",
  },
});
