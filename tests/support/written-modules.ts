import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * A folder of modules a test writes from source and imports, such as a package's module as the client build rewrites
 * it. Inside the project: the test runner loads modules from its root.
 */
export function writtenModules(prefix: string) {
  mkdirSync("node_modules/.cache", { recursive: true });
  const folder = mkdtempSync(path.resolve(`node_modules/.cache/${prefix}-`));
  return {
    async importSource<Module>(name: string, source: string): Promise<Module> {
      const file = path.join(folder, name);
      writeFileSync(file, source);
      return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Module;
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
