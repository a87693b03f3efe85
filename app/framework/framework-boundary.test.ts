// Every piece of code that depends on a framework internal lives in app/framework/ (README.md there), so that an
// upgrade of Remix or React Router has one folder to review. This test fails when a file elsewhere names one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "server", "scripts", "embedded-api", "title-search"];
const FRAMEWORK_FOLDER = "app/framework/";
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs)$/;

/** What marks a framework internal: private module files, the browser globals, the server's private context fields. */
const FRAMEWORK_INTERNALS: readonly { name: string; pattern: RegExp }[] = [
  { name: "a package's private module file", pattern: /(?:@remix-run\/[\w-]+|react-router(?:-dom)?|turbo-stream)\/dist\// },
  { name: "a package's CommonJS exports, swapped", pattern: /(?:\brequire|\))\(\s*["'](?:@remix-run\/|react-router)/ },
  { name: "Remix's browser globals", pattern: /__remix(?:Context|Manifest|Router|RouteModules|HydrateFallback)\b/ },
  { name: "Remix's document hand-off", pattern: /\b(?:serverHandoffStream|serverHandoffString|renderMeta|streamCache)\b/ },
  { name: "an UNSAFE_ export of Remix or React Router", pattern: /\bUNSAFE_[a-z]\w*|\bUNSAFE_[A-Z][a-z]\w*/ },
  { name: "the Vite plugin's module ids", pattern: /__remix-build-client-route/ },
];

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { recursive: true, encoding: "utf8" })
    .filter((entry) => SOURCE.test(entry) && !entry.split(path.sep).includes("node_modules"))
    .map((entry) => path.join(directory, entry).split(path.sep).join("/"));
}

function internalsNamedIn(text: string): string[] {
  return FRAMEWORK_INTERNALS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}

describe("the framework boundary", () => {
  it("no file outside app/framework/ names a framework internal", () => {
    const offenders = SCANNED.flatMap(sourceFiles)
      .filter((file) => !file.startsWith(FRAMEWORK_FOLDER))
      .flatMap((file) => internalsNamedIn(readFileSync(path.join(ROOT, file), "utf8")).map((name) => `${file}: ${name}`));
    expect(offenders).toEqual([]);
  });

  it("knows each internal when it sees one (the patterns are not dead)", () => {
    const samples = [
      'import("@remix-run/react/dist/esm/browser.js")',
      'createRequire(import.meta.url)("@remix-run/router")',
      "window.__remixRouter",
      "remixContext.serverHandoffStream",
      "import { UNSAFE_RemixContext } from '@remix-run/react'",
      "id.endsWith('?__remix-build-client-route')",
    ];
    expect(samples.map((sample) => internalsNamedIn(sample).length)).toEqual(samples.map(() => 1));
    expect(internalsNamedIn("const UNSAFE_URLS = []; // text/x-script; turbo-stream")).toEqual([]);
  });
});
