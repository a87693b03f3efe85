// The layer table of docs/architecture.md as ESLint enforces it (decision 0259): an import against a row fails the
// lint, one the table allows passes. Linted as text under made-up file names, so no file of the app is touched.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { FEATURE_FLOORS } from "../eslint.config.js";

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
    ["app/shared/paging/new-piece.ts", use("~/features/catalog/catalog-filters", "CATALOG_PATH")],
    ["app/components/new-piece.ts", use("~/shared/paging/page-href", "pageHref")],
  ])("refuses a new import against the table in %s", async (file, code) => {
    expect(await layerErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["server/new-piece.ts", use("../app/domain/build-version", "BUILD_VERSION_PATH")],
    ["app/features/auth/new-piece.ts", use("~/shared/forms/form-fields", "HONEYPOT_FIELD")],
    ["app/features/catalog/new-piece.ts", use("~/shared/paging/page-number.server", "readPageNumber")],
    ["app/.server/api/new-piece.ts", use("../../../embedded-api/index", "DEMO_ACCOUNT")],
    ["app/components/new-piece.test.ts", use("~/.server/strings", "serverStrings")],
  ])("allows an import the table allows in %s", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe("the order of the feature folders in the lint", () => {
  it.each([
    // Each of these closed a loop between two folders before the order was stated (decision 0292).
    ["app/features/video-engine/new-piece.ts", use("~/features/player/strings", "playerStrings")],
    ["app/features/video-engine/new-piece.ts", use("~/features/ads/vast", "parseVast")],
    ["app/features/video-engine/new-piece.ts", use("~/features/watch-together/room-state", "roomView")],
    ["app/features/progress/new-piece.ts", use("~/features/release/episodes-view", "episodesHref")],
    ["app/features/calendar/new-piece.ts", use("~/features/root/root-loader.server", "rootLoader")],
    // A type ties the folders just the same.
    [
      "app/features/downloads/new-piece.ts",
      'import type { HlsPlayer } from "~/features/player/hls-player";\nexport type Used = typeof HlsPlayer;\n',
    ],
    // Two folders on one floor do not import each other either.
    ["app/features/ads/new-piece.ts", use("~/features/downloads/strings", "downloadStrings")],
  ])("refuses a back-import in %s", async (file, code) => {
    expect(await layerErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["app/features/player/new-piece.ts", use("~/features/video-engine/hls-engine", "hlsEngine")],
    ["app/features/watch-together/new-piece.ts", use("~/features/video-engine/early-engine", "EARLY_ENGINE_VIDEO_ATTRIBUTE")],
    ["app/features/release/new-piece.ts", use("~/features/progress/watch-place", "watchPlace")],
    ["app/features/player/new-piece.ts", use("./strings", "playerStrings")],
  ])("allows an import down the order in %s", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });

  it("places every feature folder on exactly one floor", () => {
    const folders = fs
      .readdirSync(path.join(root, "app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const placed = FEATURE_FLOORS.flat();
    expect(placed.toSorted()).toEqual(folders.toSorted());
  });
});
