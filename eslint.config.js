import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

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
