// The browser entry asks Chromium to compile all its functions while it downloads, off the main thread, instead of
// each one on the main thread when first called (docs/decisions/0243-entry-compiled-while-it-downloads.md).
import type { Plugin } from "vite";

/** V8's explicit compile hint (Chromium 136+); other engines read a comment. It must open the file. */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Adds the hint to the entry chunk `entryName`, after minification (which would drop the comment). */
export function eagerCompileHint(entryName: string): Plugin {
  return {
    name: "eager-compile-hint",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk" && output.isEntry && output.name === entryName && !output.code.startsWith(EAGER_COMPILE_HINT)) {
          output.code = EAGER_COMPILE_HINT + output.code;
        }
      }
    },
  };
}
