// The layer table of docs/architecture.md as ESLint enforces it (decision 0259): an import against a row fails the
// lint, one the table allows passes. Linted as text under made-up file names, so no file of the app is touched.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
// The cycle rule walks the whole import graph of each text; it has its own job and is off here.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import-x/no-restricted-paths" || message.ruleId === "no-restricted-syntax")
    .map((message) => message.message);
}

const use = (specifier: string, name: string) => `import { ${name} } from "${specifier}";\nexport const used = ${name};\n`;

describe("the layer table in the lint", () => {
  it.each([
    ["server/new-piece.ts", use("../app/features/pwa/build-version", "BUILD_CHECK_INTERVAL_MS")],
    ["app/components/new-piece.ts", use("~/features/pwa/build-version", "BUILD_CHECK_INTERVAL_MS")],
    ["app/.server/new-piece.ts", use("~/features/new-episodes/new-episodes.server", "rememberedNewEpisodesCount")],
    ["app/.server/api/new-piece.ts", use("../../../embedded-api/http/json-value", "jsonValueOf")],
    ["app/shared/forms/new-piece.ts", use("~/features/auth/auth-schemas", "LoginFormSchema")],
    ["app/features/new-piece/thing.ts", 'import Layout from "~/routes/_app";\nexport const used = Layout;\n'],
    ["embedded-api/new-piece.ts", use("../app/domain/site-paths", "NEW_EPISODES_PATH")],
    ["app/components/release-card/new-piece.server.ts", "export const nothing = 1;\n"],
  ])("refuses a new import against the table in %s", async (file, code) => {
    expect(await layerErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["server/new-piece.ts", use("../app/domain/build-version", "BUILD_VERSION_PATH")],
    ["app/features/auth/new-piece.ts", use("~/shared/forms/form-fields", "HONEYPOT_FIELD")],
    ["app/.server/api/new-piece.ts", use("../../../embedded-api/index", "DEMO_ACCOUNT")],
    ["app/components/new-piece.test.ts", use("~/.server/strings", "serverStrings")],
  ])("allows an import the table allows in %s", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
