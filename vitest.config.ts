import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "embedded-api/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.{ts,mjs}",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
    pool: "forks",
    // Two at a time: vitest's default on two cores is one, and many files mostly wait (servers, timeouts).
    maxWorkers: 2,
    setupFiles: ["tests/support/vitest-setup.ts"],
  },
});
