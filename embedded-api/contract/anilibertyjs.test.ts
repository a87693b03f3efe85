// A client nobody here wrote, against the embedded API over HTTP: every method of anilibertyjs is called (signed
// in where needed, its changes undone) and each answer judged by status, top-level shape and the live contract.
// The client's typings lose where the official apps say otherwise (the exceptions are named in the call table).
import { AniLibertyClient, type ApiResponse } from "anilibertyjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedApi } from "../index";
import { startStandaloneServer, type RunningServer } from "../node-http-adapter";
import { CONFORMANCE_CALLS, NULL_IN_RECORDED_ANSWERS, judge, type CallState } from "./anilibertyjs-calls";
import { OpenApiValidator, liveOverlay } from "./openapi-validator";

const api = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 120 } });
const validator = new OpenApiValidator();
const state = {} as CallState;
let server: RunningServer;
let client: AniLibertyClient;
const failures = new Map<string, string[]>();

/** The client's own helpers, not calls of the API. */
const NOT_API_CALLS = new Set(["constructor", "request", "getHeaders", "setAccessToken", "clearAccessToken", "getAccessToken"]);

beforeAll(async () => {
  server = await startStandaloneServer((request) => api.handle(request), 0, "127.0.0.1");
  const origin = `http://127.0.0.1:${server.port}`;
  state.baseUrl = `${origin}/api/v1`;
  client = new AniLibertyClient({ baseUrl: state.baseUrl, timeout: 15_000 });
  state.otherClient = () => new AniLibertyClient({ baseUrl: state.baseUrl, timeout: 15_000 });
  state.devPage = async (path, form) => {
    const response = await fetch(`${origin}${path}`, {
      method: form ? "POST" : "GET",
      headers: form ? { "content-type": "application/x-www-form-urlencoded" } : {},
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    return response.text();
  };
});

afterAll(async () => {
  const total = CONFORMANCE_CALLS.length;
  console.log(`anilibertyjs conformance: ${total - failures.size} of ${total} calls conform`, Object.fromEntries(failures));
  await server.close();
  api.close();
});

/** Calls `invoke` with the body of the last answer kept as text (the client parses JSON only). */
async function withRawBody(invoke: () => Promise<ApiResponse<unknown>>): Promise<{ answer: ApiResponse<unknown>; raw: string }> {
  const originalFetch = globalThis.fetch;
  let raw: Promise<string> = Promise.resolve("");
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await originalFetch(...args);
    raw = response.clone().text();
    return response;
  };
  try {
    const answer = await invoke();
    return { answer, raw: await raw };
  } finally {
    globalThis.fetch = originalFetch;
  }
}

describe("anilibertyjs against the embedded API", () => {
  it("has a call for every method of the client", () => {
    const methods = Object.getOwnPropertyNames(AniLibertyClient.prototype).filter((name) => !NOT_API_CALLS.has(name));
    expect(methods.length).toBe(77);
    expect(methods.filter((method) => !CONFORMANCE_CALLS.some((call) => call.method === method))).toEqual([]);
  });

  it("where the client types a field non-null that the live service sends null, the contract allows null", () => {
    for (const [schema, property] of NULL_IN_RECORDED_ANSWERS) expect(liveOverlay.nullable[schema]).toContain(property);
  });

  it("posters and episode previews carry src beside the client's preview (the iOS and desktop apps read only src)", async () => {
    const [release] = (await (await fetch(`${state.baseUrl}/anime/releases/latest?limit=1`)).json()) as {
      poster: Record<string, unknown>;
      latest_episode: { preview: Record<string, unknown> };
    }[];
    for (const image of [release?.poster, release?.latest_episode.preview]) {
      expect(image).toMatchObject({ src: expect.any(String), preview: expect.any(String), thumbnail: expect.any(String) });
    }
  });

  it.each(CONFORMANCE_CALLS.map((call) => [call.method, call] as const))("%s conforms", async (_method, call) => {
    const { answer, raw } = await withRawBody(() => call.invoke(client, state));
    const problems = judge(call, answer, validator, raw);
    if (problems.length > 0) failures.set(call.method, problems);
    if (answer.status === 200) await call.remember?.(answer.data, state, client);
    expect(problems).toEqual([]);
  });
});
