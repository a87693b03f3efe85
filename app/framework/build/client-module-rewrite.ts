import type { Plugin } from "vite";

/**
 * A build plugin that rewrites one package module, in the client build only (the server loads its own copy). The
 * rewrite throws when the module's code no longer has what it replaces; a client build in which no module matched
 * `moduleId` (the package renamed or moved the file) fails too, so a rewrite never silently stops applying.
 */
export function clientModuleRewrite(name: string, moduleId: RegExp, rewrite: (source: string) => string): Plugin {
  let clientBuild = false;
  let rewritten = false;
  return {
    name,
    apply: "build",
    configResolved(config) {
      clientBuild = !config.build.ssr;
    },
    transform(source, id, options) {
      if (options?.ssr || !moduleId.test(id)) return null;
      rewritten = true;
      return { code: rewrite(source), map: null };
    },
    buildEnd(error) {
      if (clientBuild && !error && !rewritten) {
        throw new Error(`${name}: no module of the client build matched ${moduleId}; the package changed (app/framework/README.md)`);
      }
    },
  };
}
