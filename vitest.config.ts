import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { isolatedTestFiles } from "./tests/support/isolated-test-files";

const TEST_FILES = [
  "app/**/*.test.{ts,tsx}",
  "embedded-api/**/*.test.ts",
  "title-search/**/*.test.ts",
  "server/**/*.test.ts",
  "scripts/**/*.test.{ts,mjs}",
  "tests/adversarial/**/*.test.ts",
  "tests/integration/**/*.test.ts",
];
const ISOLATED = isolatedTestFiles(
  import.meta.dirname,
  ["app", "embedded-api", "title-search", "server", "scripts", "tests/adversarial", "tests/integration"],
  // The database test waits on three processes of its own for about a sixth of the shared pool's time: it waits
  // beside that queue, not in it (decision 0269).
  ["tests/integration/", "embedded-api/db/database.test.ts"],
);

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    testTimeout: 20_000,
    // One file at a time per pool, so two in all (the threads and the forks pools run side by side): a file per core.
    maxWorkers: 1,
    setupFiles: ["tests/support/vitest-setup.ts"],
    // A fresh process per file costs about 0.25 s of CPU before the first test: only the files that change shared
    // state pay it (decision 0221). Isolation is a setting of the pool, not of the project, hence two pools.
    poolOptions: { threads: { isolate: false }, forks: { isolate: true } },
    projects: [
      { extends: true, test: { name: "shared", include: TEST_FILES, exclude: ISOLATED, pool: "threads" } },
      { extends: true, test: { name: "isolated", include: ISOLATED, pool: "forks" } },
    ],
  },
});
