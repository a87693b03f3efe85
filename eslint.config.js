import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

const ENTRIES = [
  "app/entry.server.tsx",
  "app/entry.client.tsx",
  "app/entry.worker.ts",
  "app/root.tsx",
  "app/page-cache-keys.server.ts",
  "app/server-hooks.server.ts",
];
const APP_LAYERS_BELOW_ENTRIES = ["app/routes", "app/features", "app/shared", "app/components", "app/.server", "app/domain", "app/i18n"];

/**
 * The order of the feature folders (docs/architecture.md#the-order-of-the-features, decision 0292), top floor first: a
 * feature imports only features on the floors below its own, never one on its own floor or above, so no two feature
 * folders can import each other, not even through a third. A new folder takes its place here (a test checks).
 */
export const FEATURE_FLOORS = [
  ["root", "home", "settings"],
  ["player"],
  ["release"],
  ["episode-bell", "new-episodes", "vast-test"],
  ["lists", "ads", "downloads", "watch-together"],
  ["video-engine", "calendar", "pwa", "teams", "torrents", "videos"],
  ["progress", "account", "schedule", "fingerprint", "sections", "catalog", "auth", "info", "franchises", "latest", "genres", "sitemap"],
];

const featureOrderZones = FEATURE_FLOORS.flatMap((floor, floorIndex) =>
  floor.map((feature) => ({
    target: `app/features/${feature}`,
    from: FEATURE_FLOORS.slice(0, floorIndex + 1)
      .flat()
      .filter((other) => other !== feature)
      .map((other) => `app/features/${other}`),
    message: `app/features/${feature} imports only features on the floors below its own (FEATURE_FLOORS, docs/architecture.md#the-order-of-the-features).`,
  })),
);

/** The layer table of docs/architecture.md#layers as zones: a file under `target` may not import from `from`. */
const layerZones = [
  {
    target: "server",
    from: ["app/routes", "app/features", "app/shared", "app/components", ...ENTRIES, "embedded-api", "scripts"],
    message: "server/ takes only app/.server helpers, app/domain and app/i18n; what needs the app's modules comes through the build.",
  },
  {
    target: "app",
    from: ["server", "scripts"],
    message: "The app never imports the HTTP server or the scripts.",
  },
  {
    target: "app",
    from: "embedded-api",
    except: ["./index.ts"],
    message: "The app talks to the embedded API as to any upstream; only app/.server/api starts it, through embedded-api/index.ts.",
  },
  {
    target: [
      ...ENTRIES,
      "app/routes",
      "app/features",
      "app/shared",
      "app/components",
      "app/domain",
      "app/i18n",
      "app/.server/*.{ts,tsx}",
      "app/.server/!(api)/**",
    ],
    from: "embedded-api",
    message: "Only the API client (app/.server/api) starts the embedded API.",
  },
  {
    target: APP_LAYERS_BELOW_ENTRIES,
    from: ENTRIES,
    message: "The entries and root.tsx sit on top: nothing imports them.",
  },
  {
    target: APP_LAYERS_BELOW_ENTRIES.filter((folder) => folder !== "app/routes"),
    from: "app/routes",
    message: "Route files sit on top: what others need belongs in a feature.",
  },
  {
    target: ["app/components", "app/.server", "app/domain", "app/i18n"],
    from: "app/features",
    message: "Features sit above components, .server, domain and i18n.",
  },
  {
    target: "app/shared",
    from: "app/features",
    message: "The shared floor (paging, forms, page meta, root data) serves the features and borrows nothing from them.",
  },
  {
    target: ["app/components", "app/.server", "app/domain", "app/i18n"],
    from: "app/shared",
    message: "The shared floor sits above components, .server, domain and i18n.",
  },
  {
    target: ["app/.server", "app/domain", "app/i18n"],
    from: "app/components",
    message: "Shared UI sits above .server, domain and i18n.",
  },
  {
    target: ["app/components", "app/domain", "app/i18n"],
    from: "app/.server",
    message: "Server-only code stays out of shared UI, domain and i18n; a feature's server code is its *.server.ts.",
  },
  {
    target: "app/domain",
    from: ["app/i18n", "title-search"],
    message: "app/domain imports only itself.",
  },
  {
    target: "app/i18n",
    from: ["app/domain", "title-search"],
    message: "app/i18n imports only itself.",
  },
  {
    target: "app/.server/api",
    from: "app/i18n",
    message: "The API client returns domain types; words belong to the layers above it.",
  },
  {
    target: "embedded-api",
    from: ["app", "server", "scripts", "tests"],
    message: "The embedded API is a separate program: it imports nothing from the site.",
  },
  {
    target: "title-search",
    from: ["app", "server", "scripts", "tests", "embedded-api"],
    message: "title-search imports nothing.",
  },
  ...featureOrderZones,
];

export default tseslint.config(
  {
    ignores: [
      ".cache/**",
      "build-*/**",
      "build/**",
      "node_modules/**",
      "public/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
      "embedded-api/media/**",
      "bench-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "import-x": importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: ["tsconfig.json", "embedded-api/tsconfig.json"], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn", "log"] }],
      // Type-only imports are erased, so they cannot form a circle at run time.
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // The layer table of docs/architecture.md: what each folder may import (decision 0259). Type imports count too:
    // a type from a higher layer ties the lower one to it just the same. Unit tests beside the code may reach
    // higher for fixtures (a route's wiring, the API's schemas, the real embedded API).
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: layerZones }] },
  },
  {
    // Server code is app/.server/ or a feature's *.server.ts, never shared UI, domain types or strings (decision 0259).
    files: ["app/{components,domain,i18n}/**/*.server.{ts,tsx}", "app/{components,domain,i18n}/**/.server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Program", message: "Server code lives in app/.server/ or in a feature's *.server.ts (docs/architecture.md#layers)." },
      ],
    },
  },
  {
    // A page's server logic has one home, its feature's `*.server.ts`; no route reaches the API client
    // (docs/decisions/0166, 0175). Tests beside routes may use it for fixtures.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/.server/api", "~/.server/api/*"],
              message: "Call the API client from the feature's *.server.ts; the route re-exports its loader and action.",
            },
          ],
        },
      ],
    },
  },
  {
    // Upstream answers are parsed with zod 4; a zod 3 schema mixed in would parse at zod 3's cost (decision 0219).
    files: ["app/.server/api/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "zod", message: "Import zod/v4 here (docs/decisions/0219)." }] }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
