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
    setupFiles: ["tests/support/vitest-setup.ts"],
  },
});
