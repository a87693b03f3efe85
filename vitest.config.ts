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
    // Each file in a fresh module graph but the same worker process: starting a process per file cost more than
    // the tests themselves (118 → 44 s of CPU for the suite). Test files must not leave global state behind.
    isolate: false,
  },
});
