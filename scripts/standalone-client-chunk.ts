import type { Plugin } from "vite";

/**
 * A module of the client build that a page's inline script imports by its own export names (the player's early start,
 * docs/decisions/0235): Rollup emits it as an entry whose exports keep their names, as `assets/<name>-<hash>.js`.
 * Rollup still splits what it imports by who else does, so a module without React runs without React.
 */
export function standaloneClientChunk(name: string, modulePath: string): Plugin {
  let serverBuild = false;
  return {
    name: "standalone-client-chunk",
    apply: "build",
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!serverBuild) this.emitFile({ type: "chunk", id: modulePath, name, preserveSignature: "strict" });
    },
  };
}
