// A second entry of the server build: the app's module for the HTTP server (app/server-hooks.server.ts) is emitted as
// build/server/server-hooks.js beside the pages' build/server/index.js. Rollup puts what both use in shared chunks,
// so a process that loads both has one copy of each module (decision 0259).
import path from "node:path";
import type { Plugin } from "vite";
import { SERVER_HOOKS_BUILD_FILE, SERVER_HOOKS_SOURCE } from "../server/server-hooks";

export function serverHooksEntry(projectRoot: string): Plugin {
  let serverBuild = false;
  return {
    name: "server-hooks-entry",
    apply: "build",
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!serverBuild) return;
      const id = path.join(projectRoot, SERVER_HOOKS_SOURCE);
      this.emitFile({ type: "chunk", id, fileName: SERVER_HOOKS_BUILD_FILE, preserveSignature: "strict" });
    },
  };
}
