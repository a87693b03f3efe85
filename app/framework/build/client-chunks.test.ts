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
  // Four more pages that import nothing of their own: six pages in all.
  ...Object.fromEntries(
    ["about", "rules", "teams", "support"].flatMap((name) => [
      [`${app}/routes/_app.${name}.tsx${ROUTE}`, [`${app}/routes/_app.${name}.tsx`]],
      [`${app}/routes/_app.${name}.tsx`, []],
    ]),
  ),
};
const lazy = { [`${app}/routes/_app.catalog.tsx`]: [`${app}/lazy-controls.tsx`] };
const groups = {
  shellEntries: [`${app}/entry.client.tsx`, `${app}/root.tsx${ROUTE}`],
  routeEntries: Object.keys(modules).filter((id) => id.endsWith(ROUTE)),
  pageEntries: Object.keys(modules).filter((id) => id.endsWith(ROUTE) && !id.includes("/root.tsx") && !id.endsWith(`_app.tsx${ROUTE}`)),
  standaloneEntries: [] as string[],
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

describe("planSharedChunks, modules most pages import", () => {
  // Six pages: a module two of them import reaches a third of them.
  const common = {
    ...modules,
    [`${app}/routes/_app.catalog.tsx`]: [`${app}/app-layout.tsx`, `${app}/format.ts`],
    [`${app}/routes/_app.rules.tsx`]: [`${app}/format.ts`],
    [`${app}/routes/_app.teams.tsx`]: [`${app}/rare.ts`],
    [`${app}/routes/_app.tsx`]: [`${app}/app-layout.tsx`, `${app}/shared-with-clean.ts`, `${app}/lazy-too.ts`, `${app}/format.ts`],
    [`${app}/format.ts`]: [`${app}/plural.ts`, "/site/node_modules/intl-helper/index.js"],
    [`${app}/plural.ts`]: [],
    [`${app}/rare.ts`]: [],
    "/site/node_modules/intl-helper/index.js": [],
  };
  const plan = planSharedChunks(graphOf(common, lazy), groups);

  it("puts a module a third of the pages import into the shell, with what it imports, packages aside", () => {
    expect(plan.get(`${app}/format.ts`)).toBe("shell");
    expect(plan.get(`${app}/plural.ts`)).toBe("shell");
    expect(plan.has("/site/node_modules/intl-helper/index.js")).toBe(false);
  });

  it("leaves a module fewer pages import, and every route module, where they were", () => {
    expect(plan.has(`${app}/rare.ts`)).toBe(false);
    expect(plan.has(`${app}/routes/_app.catalog.tsx`)).toBe(false);
    expect(plan.has(`${app}/routes/_clean.login.tsx`)).toBe(false);
    expect(plan.has(`${app}/shared-with-clean.ts`)).toBe(false);
  });

  it("leaves out what a standalone chunk imports: it runs before the shell", () => {
    const withEarlyStart = { ...common, [`${app}/early-start.ts`]: [`${app}/plural.ts`] };
    const early = planSharedChunks(graphOf(withEarlyStart, lazy), { ...groups, standaloneEntries: [`${app}/early-start.ts`] });
    expect(early.get(`${app}/format.ts`)).toBe("shell");
    expect(early.has(`${app}/plural.ts`)).toBe(false);
  });

  it("keeps a common module the layout also imports in the shell, not in the layout's chunk", () => {
    expect(plan.get(`${app}/app-layout.tsx`)).toBe("layout-_app");
    expect(plan.get(`${app}/format.ts`)).toBe("shell");
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

  it("counts as pages only the routes that draw one: a resource route has no client code", () => {
    const withRoutes: Record<string, string[]> = {
      [`${app}/entry.client.tsx`]: [],
      [`${app}/root.tsx${ROUTE}`]: [`${app}/root.tsx`],
      [`${app}/root.tsx`]: [],
      ...Object.fromEntries(
        ["a", "b", "c", "feed.xml", "robots.txt", "healthz"].flatMap((name) => [
          [`${app}/routes/${name}.tsx${ROUTE}`, [`${app}/routes/${name}.tsx`]],
          [`${app}/routes/${name}.tsx`, name === "a" ? [`${app}/format.ts`] : []],
        ]),
      ),
      [`${app}/format.ts`]: [],
    };
    const drawsPage = (id: string) => id.endsWith(ROUTE) && !id.includes(".txt") && !id.includes(".xml") && !id.includes("healthz");
    const meta: ManualChunkMeta = {
      getModuleIds: () => Object.keys(withRoutes)[Symbol.iterator](),
      getModuleInfo: (id: string) =>
        id in withRoutes
          ? ({ importedIds: withRoutes[id], dynamicallyImportedIds: [], exports: drawsPage(id) ? ["default"] : [] } as unknown as ModuleInfo)
          : null,
    };
    // One page of three imports it: a third of the pages, not one of six routes.
    expect(call(sharedClientChunks(app, []), `${app}/format.ts`, meta)).toBe("shell");
  });

  it("takes the build's other entries for standalone chunks, and leaves what they import out of the shell", () => {
    const graph: Record<string, string[]> = {
      [`${app}/entry.client.tsx`]: [],
      [`${app}/root.tsx${ROUTE}`]: [`${app}/root.tsx`],
      [`${app}/root.tsx`]: [],
      [`${app}/routes/a.tsx${ROUTE}`]: [`${app}/routes/a.tsx`],
      [`${app}/routes/a.tsx`]: [`${app}/storage.ts`],
      [`${app}/early-start.ts`]: [`${app}/storage.ts`],
      [`${app}/storage.ts`]: [],
    };
    const entries = new Set([`${app}/entry.client.tsx`, `${app}/root.tsx${ROUTE}`, `${app}/routes/a.tsx${ROUTE}`, `${app}/early-start.ts`]);
    const meta: ManualChunkMeta = {
      getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
      getModuleInfo: (id: string) =>
        id in graph
          ? ({
              importedIds: graph[id],
              dynamicallyImportedIds: [],
              exports: id.endsWith(ROUTE) ? ["default"] : [],
              isEntry: entries.has(id),
            } as unknown as ModuleInfo)
          : null,
    };
    // The one page imports it, but so does the early start.
    expect(call(sharedClientChunks(app, []), `${app}/storage.ts`, meta)).toBeUndefined();
  });

  it("leaves the server build alone: it has no client entry", () => {
    const { [`${app}/entry.client.tsx`]: _entry, ...serverModules } = modules;
    expect(call(sharedClientChunks(app, ["_app"]), `${app}/header.tsx`, metaOf(serverModules))).toBeUndefined();
  });
});
