import type { OutputBundle, OutputChunk, PluginContext } from "rollup";
import { describe, expect, it } from "vitest";
import { EAGER_COMPILE_HINT, eagerCompileHint } from "./eager-compile-hint";

function chunk(name: string, isEntry: boolean): OutputChunk {
  return { type: "chunk", name, isEntry, fileName: `assets/${name}-hash.js`, code: "var a=1;" } as OutputChunk;
}

function generate(bundle: OutputBundle): void {
  const hook = eagerCompileHint("entry.client").generateBundle;
  if (typeof hook !== "function") throw new Error("the plugin has no generateBundle hook");
  hook.call({} as PluginContext, {} as never, bundle, false);
}

describe("eagerCompileHint", () => {
  it("opens the named entry chunk with V8's hint, and no other chunk", () => {
    const bundle = {
      entry: chunk("entry.client", true),
      route: chunk("root", false),
      otherEntry: chunk("sw", true),
    } as unknown as OutputBundle;
    generate(bundle);
    expect((bundle.entry as OutputChunk).code).toBe(`${EAGER_COMPILE_HINT}var a=1;`);
    expect((bundle.route as OutputChunk).code).toBe("var a=1;");
    expect((bundle.otherEntry as OutputChunk).code).toBe("var a=1;");
  });

  it("adds it once when the bundle is written again", () => {
    const bundle = { entry: chunk("entry.client", true) } as unknown as OutputBundle;
    generate(bundle);
    generate(bundle);
    expect((bundle.entry as OutputChunk).code.split(EAGER_COMPILE_HINT)).toHaveLength(2);
  });
});
