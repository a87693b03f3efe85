// Which vitest files need a process of their own (vitest.config.ts, decision 0221). The others share one process
// per worker and its module cache, which saves most of the suite's CPU; a file is isolated when it changes what the
// next file in that process would see: the module registry (mocks), the clock, the environment or globals, the
// working directory. The integration tests start real servers and stay on their own as well.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const CHANGES_SHARED_STATE =
  /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules|useFakeTimers|stubEnv|stubGlobal|spyOn)\b|process\.env(?:\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env|process\.chdir\(|\bprocess\.env\.TZ\b|globalThis\.\w+\s*=[^=]/;

const TEST_FILE = /\.test\.(?:ts|tsx|mjs)$/;

/** Test files under `directories` (relative to `root`) that must run isolated, as paths relative to `root`. */
export function isolatedTestFiles(root: string, directories: string[], alwaysIsolated: string[]): string[] {
  const found: string[] = [];
  for (const directory of directories) {
    for (const entry of readdirSync(path.join(root, directory), { recursive: true, encoding: "utf8" })) {
      if (!TEST_FILE.test(entry) || entry.split(path.sep).includes("node_modules")) continue;
      const relative = path.join(directory, entry);
      const isolated =
        alwaysIsolated.some((prefix) => relative.startsWith(prefix)) ||
        CHANGES_SHARED_STATE.test(readFileSync(path.join(root, relative), "utf8"));
      if (isolated) found.push(relative.split(path.sep).join("/"));
    }
  }
  return found.sort();
}
