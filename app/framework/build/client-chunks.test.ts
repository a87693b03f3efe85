import { describe, expect, it } from "vitest";
import type { GetManualChunk, ManualChunkMeta, ModuleInfo } from "rollup";
import { planSharedChunks, sharedClientChunks, type ModuleGraph } from "./client-chunks";

const ROUTE = "?__remix-build-client-route";
const app = "/site/app";

/** A module graph from `id: [static imports]`, with lazy imports listed apart. */
function graphOf(staticImports: Record<string, string[]>, dynamicImports: Record<string, string[]> = {}): ModuleGraph {
  return {
    ids: Object.keys(staticImports),
    staticImports: (id) => staticImports[id] ?? [],
    dynamicImports: (id) => dynamicImports[id] ?? [],
  };
}

const modules = {
  [`${app}/entry.client.tsx`]: [`${app}/shell-only.ts`, "/site/node_modules/react-dom/index.js"],
  [`${app}/root.tsx${ROUTE}`]: [`${app}/root.tsx`],
  [`${app}/root.tsx`]: [`${app}/header.tsx`],
  [`${app}/header.tsx`]: [`${app}/strings.ts`],
  [`${app}/shell-only.ts`]: [],
  [`${app}/strings.ts`]: [],
  [`${app}/routes/_app.tsx${ROUTE}`]: [`${app}/routes/_app.tsx`],
  [`${app}/routes/_app.tsx`]: [`${app}/app-layout.tsx`, `${app}/shared-with-clean.ts`, `${app}/lazy-too.ts`],
  [`${app}/app-layout.tsx`]: [`${app}/strings.ts`],
  [`${app}/shared-with-clean.ts`]: [],
  [`${app}/lazy-too.ts`]: [],
  [`${app}/routes/_app.catalog.tsx${ROUTE}`]: [`${app}/routes/_app.catalog.tsx`],
  [`${app}/routes/_app.catalog.tsx`]: [`${app}/app-layout.tsx`],
  [`${app}/routes/_clean.login.tsx${ROUTE}`]: [`${app}/routes/_clean.login.tsx`],
  [`${app}/routes/_clean.login.tsx`]: [`${app}/shared-with-clean.ts`],
  [`${app}/lazy-controls.tsx`]: [`${app}/lazy-too.ts`],
  "/site/node_modules/react-dom/index.js": [],
};
const lazy = { [`${app}/routes/_app.catalog.tsx`]: [`${app}/lazy-controls.tsx`] };
const groups = {
  shellEntries: [`${app}/entry.client.tsx`, `${app}/root.tsx${ROUTE}`],
  routeEntries: Object.keys(modules).filter((id) => id.endsWith(ROUTE)),
  layouts: [{ name: "_app", entry: `${app}/routes/_app.tsx${ROUTE}`, ownsRoute: (id: string) => id.startsWith(`${app}/routes/_app.`) }],
};

describe("planSharedChunks", () => {
  const plan = planSharedChunks(graphOf(modules, lazy), groups);

  it("puts everything the entry and the root import statically into the shell, packages aside", () => {
    for (const id of [`${app}/entry.client.tsx`, `${app}/root.tsx`, `${app}/header.tsx`, `${app}/strings.ts`, `${app}/shell-only.ts`]) {
      expect(plan.get(id), id).toBe("shell");
    }
    expect(plan.has("/site/node_modules/react-dom/index.js")).toBe(false);
  });

  it("gives a layout the modules only its own pages load", () => {
    expect(plan.get(`${app}/routes/_app.tsx`)).toBe("layout-_app");
    expect(plan.get(`${app}/app-layout.tsx`)).toBe("layout-_app");
  });

  it("leaves to Rollup what a page outside the layout or a lazy chunk also imports, and the layout's route entry", () => {
    expect(plan.has(`${app}/shared-with-clean.ts`)).toBe(false);
    expect(plan.has(`${app}/lazy-too.ts`)).toBe(false);
    expect(plan.has(`${app}/routes/_app.tsx${ROUTE}`)).toBe(false);
    expect(plan.has(`${app}/routes/_app.catalog.tsx`)).toBe(false);
  });
});

describe("sharedClientChunks", () => {
  function metaOf(graph: Record<string, string[]>): ManualChunkMeta {
    return {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id: string) =>
        id in graph ? ({ importedIds: graph[id], dynamicallyImportedIds: [] } as unknown as ModuleInfo) : null,
    };
  }
  const call = (chunks: GetManualChunk, id: string, meta: ManualChunkMeta) => chunks.call(undefined as never, id, meta);

  it("plans the client build from Rollup's module graph", () => {
    const chunks = sharedClientChunks(app, ["_app"]);
    expect(call(chunks, `${app}/header.tsx`, metaOf(modules))).toBe("shell");
    expect(call(chunks, `${app}/app-layout.tsx`, metaOf(modules))).toBe("layout-_app");
  });

  it("leaves the server build alone: it has no client entry", () => {
    const { [`${app}/entry.client.tsx`]: _entry, ...serverModules } = modules;
    expect(call(sharedClientChunks(app, ["_app"]), `${app}/header.tsx`, metaOf(serverModules))).toBeUndefined();
  });
});
