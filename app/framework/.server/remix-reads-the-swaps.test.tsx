// The server-side pieces of app/framework/.server replace functions in Remix's and React Router's CommonJS modules,
// and hand Remix's document render the data it would otherwise stream; `PageScripts` reshapes what Remix's `<Scripts>`
// renders. Each works only while Remix reads, or renders, what it relies on: this test runs requests through Remix's
// own request handler and document render, as the server does, and fails when a piece no longer applies (a Remix
// upgrade that moved a call, loads another copy of a module, or renders its scripts otherwise).
import { createRequire } from "node:module";
import { createRequestHandler, type EntryContext, type ServerBuild } from "@remix-run/node";
import { Outlet, RemixServer, Scripts, useLoaderData } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { PageScripts } from "../page-scripts";
import { takeReadyHandoff } from "./document-handoff";
import { rememberRouteMatches } from "./route-matching";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as Record<string, unknown>;

const GREETING = "привет из загрузчика";

let pageScripts = false;

function Root() {
  return (
    <html lang="ru">
      <body>
        <Outlet />
        {pageScripts ? <PageScripts nonce="" /> : <Scripts />}
      </body>
    </html>
  );
}

function Page() {
  const { greeting } = useLoaderData<{ greeting: string }>();
  return <p>{greeting}</p>;
}

/** What the app's entry does with a document whose data is all there (decision 0224). */
async function renderDocument(request: Request, status: number, headers: Headers, context: EntryContext) {
  const ended = await takeReadyHandoff(context);
  const html = renderToString(<RemixServer context={context} url={request.url} />);
  headers.set("Content-Type", "text/html");
  headers.set("X-Handoff-Ended", String(ended));
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}

const entryRoute = { hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, imports: [] };
const build: ServerBuild = {
  mode: "production",
  entry: { module: { default: renderDocument } },
  routes: {
    root: { id: "root", path: "", module: { default: Root } },
    "routes/page": {
      id: "routes/page",
      parentId: "root",
      path: "page",
      module: { default: Page, loader: () => ({ greeting: GREETING }) },
    },
  },
  assets: {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: {
      root: { ...entryRoute, id: "root", path: "", hasLoader: false, module: "/assets/root.js" },
      "routes/page": { ...entryRoute, id: "routes/page", parentId: "root", path: "page", hasLoader: true, module: "/assets/page.js" },
    },
    url: "/assets/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: false,
  },
  isSpaMode: false,
} as unknown as ServerBuild;

const EXPORTS = [[router, "matchRoutes"]] as const;
const originals = EXPORTS.map(([module, name]) => module[name]);
afterEach(() => {
  EXPORTS.forEach(([module, name], index) => (module[name] = originals[index]));
  pageScripts = false;
});

/** Counts the calls Remix makes to each export as it stands now (the swapped one, once swapped). */
function countCalls(): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const [module, name] of EXPORTS) {
    const current = module[name] as (...args: unknown[]) => unknown;
    calls[name] = 0;
    module[name] = (...args: unknown[]) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return current(...args);
    };
  }
  return calls;
}

describe("Remix reads what app/framework/.server swaps", () => {
  it("calls the remembering route matcher, and renders the hand-off taken before the render", async () => {
    rememberRouteMatches();
    const swapped = EXPORTS.map(([module, name]) => module[name]);
    expect(swapped.every((value, index) => value !== originals[index])).toBe(true);
    const calls = countCalls();

    const answer = await createRequestHandler(build)(new Request("http://localhost/page"));
    const html = await answer.text();

    expect(answer.status).toBe(200);
    expect(calls.matchRoutes).toBeGreaterThan(0);
    // The data went out whole in the one pass: no boundary waiting for the stream, the loader's data in the page.
    expect(answer.headers.get("X-Handoff-Ended")).toBe("true");
    expect(html).toContain(`<p>${GREETING}</p>`);
    expect(html).toMatch(new RegExp(`streamController\\.enqueue\\("[^<]*${GREETING}[^<]*"\\);</script>`));
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });

  it("finds Remix's module links and module script in what <Scripts> renders, and defers them past the first paint", async () => {
    pageScripts = true;
    const html = await (await createRequestHandler(build)(new Request("http://localhost/page"))).text();
    expect(html).not.toContain('rel="modulepreload"');
    const deferred = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(deferred).toContain("first-contentful-paint");
    for (const module of ["/assets/manifest.js", "/assets/entry.js", "/assets/root.js", "/assets/page.js"])
      expect(deferred).toContain(module);
    expect(deferred).toContain("__remixRouteModules");
  });
});
