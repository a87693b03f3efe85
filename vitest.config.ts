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
    // Test files share their worker process and its module cache: starting a process per file cost more than the
    // tests themselves (118 → 44 s of CPU for the suite). So a test file must undo what it changes in shared state
    // (environment variables, module-level caches, timers); `vitest run --sequence.shuffle` shows a file that does not.
    isolate: false,
  },
});
