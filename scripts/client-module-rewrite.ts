import type { Plugin } from "vite";

/** A build plugin that rewrites one package module, in the client build only (the server loads its own copy). */
export function clientModuleRewrite(name: string, moduleId: RegExp, rewrite: (source: string) => string): Plugin {
  return {
    name,
    apply: "build",
    transform(source, id, options) {
      if (options?.ssr || !moduleId.test(id)) return null;
      return { code: rewrite(source), map: null };
    },
  };
}
