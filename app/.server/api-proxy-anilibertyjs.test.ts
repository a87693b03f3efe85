// The site's /api/v1 proxy passes the live API on unchanged: anilibertyjs (a client written for the live service)
// makes every public read the proxy allows through it, against the embedded API over HTTP, and each answer is
// judged as in the embedded API's own conformance test (embedded-api/contract/anilibertyjs.test.ts).
import { AniLibertyClient } from "anilibertyjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedApi, startStandaloneServer } from "../../embedded-api/index";
import type { RunningServer } from "../../embedded-api/node-http-adapter";
import { CONFORMANCE_CALLS, judge, type CallState } from "../../embedded-api/contract/anilibertyjs-calls";
import { OpenApiValidator } from "../../embedded-api/contract/openapi-validator";
import { networkTransport } from "./api/transport";
import { matchProxyRoute, proxyApiRequest } from "./api-proxy.server";

const api = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 60 } });
const validator = new OpenApiValidator();
const state = {} as CallState;
let upstreamServer: RunningServer;
let siteServer: RunningServer;
let client: AniLibertyClient;

/** The public GETs the proxy serves, in the call table's order (their ids come from the calls before them). */
const proxiedReads = CONFORMANCE_CALLS.filter((call) => {
  const [method, template] = call.operation.split(" ") as [string, string];
  const route = matchProxyRoute(template.replace(/\{\w+\}/g, "1"));
  return method === "GET" && !call.signedIn && route !== null && !route.account && call.typed !== "xml";
});

beforeAll(async () => {
  upstreamServer = await startStandaloneServer((request) => api.handle(request), 0, "127.0.0.1");
  const upstream = { baseUrl: `http://127.0.0.1:${upstreamServer.port}/api/v1`, transport: networkTransport, embedded: false };
  siteServer = await startStandaloneServer((request) => proxyApiRequest(request, { upstream }), 0, "127.0.0.1");
  state.baseUrl = `http://127.0.0.1:${siteServer.port}/api/v1`;
  client = new AniLibertyClient({ baseUrl: state.baseUrl, timeout: 15_000 });
});

afterAll(async () => {
  await siteServer.close();
  await upstreamServer.close();
  api.close();
});

describe("anilibertyjs through the site's /api/v1 proxy", () => {
  it("covers the public reads the site proxies", () => {
    expect(proxiedReads.map((call) => call.method)).toEqual(
      expect.arrayContaining(["getRelease", "getCatalogReleases", "getScheduleWeek", "getFranchise"]),
    );
    expect(proxiedReads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(proxiedReads.map((call) => [call.method, call] as const))("%s conforms through the proxy", async (_method, call) => {
    const answer = await call.invoke(client, state);
    const problems = judge(call, answer, validator);
    if (answer.status === 200) await call.remember?.(answer.data, state, client);
    expect(problems).toEqual([]);
  });
});
