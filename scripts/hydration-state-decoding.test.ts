import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { encode } from "turbo-stream";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { exportStateDecodingStart } from "./hydration-state-decoding";

type RemixBrowserModule = { startStateDecoding: () => Promise<void> | undefined; RemixBrowser: unknown };

const remixBrowserFile = path.join(path.dirname(createRequire(import.meta.url).resolve("@remix-run/react")), "esm", "browser.js");
// Beside Remix's own module, whose relative imports it keeps.
const rewrittenFile = path.join(path.dirname(remixBrowserFile), `browser.state-decoding-test-${process.pid}.mjs`);
let remixBrowser: RemixBrowserModule;

beforeAll(async () => {
  writeFileSync(rewrittenFile, exportStateDecodingStart(readFileSync(remixBrowserFile, "utf8")));
  remixBrowser = (await import(/* @vite-ignore */ pathToFileURL(rewrittenFile).href)) as RemixBrowserModule;
});
afterAll(() => rmSync(rewrittenFile, { force: true }));
afterEach(() => vi.unstubAllGlobals());

describe("Remix's browser module, with its state decoding started by the page", () => {
  it("decodes the page's stream into the state RemixBrowser renders, once", async () => {
    const state = { loaderData: { root: { site: "AniLibria" }, "routes/_app._index": { latest: [{ id: 1, name: "Релиз" }] } } };
    const remixContext: Record<string, unknown> = { future: { v3_singleFetch: true }, stream: encode(state) };
    vi.stubGlobal("window", { __remixContext: remixContext });
    const decoding = remixBrowser.startStateDecoding();
    expect(remixContext.stream, "the stream is RemixBrowser's no more: it reads the decoding's result").toBeUndefined();
    expect(remixBrowser.startStateDecoding()).toBe(decoding);
    await decoding;
    expect(remixContext.state).toEqual(state);
  });

  it("refuses a Remix whose first render decodes otherwise", () => {
    expect(() => exportStateDecodingStart("function RemixBrowser() {}")).toThrow(/Remix's RemixBrowser changed/);
  });
});
