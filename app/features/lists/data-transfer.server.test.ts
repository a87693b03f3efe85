// The data import against the real embedded API, in-process and over HTTP: what it costs the upstream, whether
// it lets the event loop turn between calls, and whether progress saved meanwhile by the player survives it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countEventLoopTurns } from "../../../tests/support/event-loop-turns";
import * as authApi from "~/.server/api/auth";
import type { ApiContext } from "~/.server/api/context";
import { callsOf } from "~/.server/api/handle";
import { getCatalogReleases } from "~/.server/api/catalog";
import { getRelease } from "~/.server/api/releases";
import { loadEmbeddedApiModule, networkTransport, type Transport } from "~/.server/api/transport";
import type { TimecodeEntry } from "~/domain/account";
import { createEmbeddedApi, toNodeListener } from "../../../embedded-api/index";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from "./data-file";
import { importAccountData } from "./data-transfer.server";

// In-process answers carry their JSON value, readable once the embedded API's public entry is loaded (as the server does).
beforeAll(() => loadEmbeddedApiModule());

const ORIGIN = "http://localhost:3000";
const TIMECODES_PATH = "/api/v1/accounts/users/me/views/timecodes";
/** Far above the demo catalogue's ids. */
const FIRST_UNKNOWN_ID = 900_000;

type Upstream = {
  api: ReturnType<typeof createEmbeddedApi>;
  server: Server;
  /** The same API over HTTP, as UPSTREAM_URL would reach it. */
  origin: string;
  token: string;
  knownReleaseIds: number[];
  episodeIds: string[];
};

/** A fresh embedded API per test (the demo account's lists start empty), also served over HTTP. */
let upstream: Upstream;

function context(token: string | null, transport: Transport, baseUrl = `${ORIGIN}/api/v1`): ApiContext {
  return {
    upstream: { baseUrl, transport, embedded: baseUrl.startsWith(ORIGIN) },
    token,
    timeoutMs: 10_000,
    signal: null,
    mediaOrigin: ORIGIN,
    forwardedFor: null,
    userAgent: null,
    reads: null,
  };
}

const inProcess: Transport = (request, options) => upstream.api.handle(request, options);

function exportFile(parts: Partial<Pick<ExportFile, "favorites" | "collections" | "timecodes">>): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    favorites: [],
    collections: [],
    timecodes: [],
    ...parts,
  };
}

const unknownIds = (count: number) => Array.from({ length: count }, (_, index) => FIRST_UNKNOWN_ID + index);

/** A transport that counts calls by method and path. */
function counting(transport: Transport) {
  const calls: string[] = [];
  const wrapped: Transport = (request, options) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return transport(request, options);
  };
  return { transport: wrapped, posts: (path: string) => calls.filter((call) => call === `POST /api/v1${path}`).length };
}

/** The player saving progress, as the browser does through the proxy: a plain POST that sets the time as given. */
async function playerSaves(entry: TimecodeEntry): Promise<void> {
  const response = await upstream.api.handle(
    new Request(`${ORIGIN}${TIMECODES_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${upstream.token}` },
      body: JSON.stringify([{ time: entry.time, is_watched: entry.isWatched, release_episode_id: entry.releaseEpisodeId }]),
    }),
  );
  expect(response.status).toBe(200);
}

async function savedTimecodes(): Promise<Map<string, TimecodeEntry>> {
  const entries = await callsOf(context(upstream.token, inProcess)).timecodes.get();
  return new Map(entries.map((entry) => [entry.releaseEpisodeId, entry]));
}

beforeEach(async () => {
  const api = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 40, demoLists: false } });
  const server = createServer(toNodeListener((request) => api.handle(request)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = {
    api,
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: "",
    knownReleaseIds: [],
    episodeIds: [],
  };
  const base = context(null, inProcess);
  upstream.token = await authApi.login(base, { login: "demo", password: "demo-password" });
  const releases = (await getCatalogReleases(base, { limit: 40 })).items;
  upstream.knownReleaseIds = releases.map((release) => release.id);
  for (const release of releases) {
    upstream.episodeIds = (await getRelease(base, release.alias)).episodes.map((episode) => episode.id);
    if (upstream.episodeIds.length >= 3) break;
  }
  expect(upstream.episodeIds.length).toBeGreaterThanOrEqual(3);
});

afterEach(async () => {
  await new Promise((resolve) => upstream.server.close(resolve));
  upstream.api.close();
});

describe("unknown releases in an import", () => {
  const file = () =>
    exportFile({
      favorites: [...unknownIds(2_000), ...upstream.knownReleaseIds.slice(0, 5)],
      collections: [...unknownIds(1_000), ...upstream.knownReleaseIds.slice(0, 3)].map((releaseId) => ({
        releaseId,
        type: "PLANNED" as const,
      })),
    });

  it("are counted and reported, in a couple of calls per batch (in-process)", async () => {
    const counted = counting(inProcess);
    const outcome = await importAccountData(callsOf(context(upstream.token, counted.transport)), file());
    expect(outcome).toEqual({ favorites: 5, collections: 3, timecodes: 0, skipped: 3_000 });
    // In-process, 2,005 favorites are 41 batches of at most 50: each refused once, then sent once without the unknown ones.
    expect(counted.posts("/accounts/users/me/favorites")).toBeLessThanOrEqual(2 * 41);
    expect(counted.posts("/accounts/users/me/collections")).toBeLessThanOrEqual(2 * 21);
  });

  it("cost the same few calls over HTTP: 2,000 unknown ids are 4 POSTs, not 2,020", async () => {
    const counted = counting(networkTransport);
    const outcome = await importAccountData(
      callsOf(context(upstream.token, counted.transport, `${upstream.origin}/api/v1`)),
      exportFile({ favorites: unknownIds(2_000) }),
    );
    expect(outcome).toEqual({ favorites: 0, collections: 0, timecodes: 0, skipped: 2_000 });
    // Over HTTP, batches of 500: each refused once, and nothing left to send again.
    expect(counted.posts("/accounts/users/me/favorites")).toBe(4);
  });
});

describe("an import's calls", () => {
  it("give the event loop a turn between any two of them, in-process", async () => {
    const loop = countEventLoopTurns();
    const turnAtCall: number[] = [];
    const watched: Transport = (request, options) => {
      if (request.method === "POST") turnAtCall.push(loop.turns());
      return inProcess(request, options);
    };
    try {
      await importAccountData(
        callsOf(context(upstream.token, watched)),
        exportFile({
          favorites: [...upstream.knownReleaseIds, ...unknownIds(1_500)],
          collections: upstream.knownReleaseIds.map((releaseId) => ({ releaseId, type: "WATCHING" as const })),
        }),
      );
    } finally {
      loop.stop();
    }
    expect(turnAtCall.length).toBeGreaterThanOrEqual(5);
    for (let index = 1; index < turnAtCall.length; index += 1) {
      expect(turnAtCall[index], `call ${index} came in the same turn as the one before`).toBeGreaterThan(turnAtCall[index - 1]!);
    }
  });
});

describe("progress saved by the player while an import runs", () => {
  it("is never lowered when the player saves between the import's read and its write (in-process)", async () => {
    const [episode] = upstream.episodeIds as [string];
    let raced = false;
    const racing: Transport = async (request, options) => {
      if (!raced && request.method === "POST" && new URL(request.url).pathname === TIMECODES_PATH) {
        raced = true;
        await playerSaves({ releaseEpisodeId: episode, time: 900, isWatched: false });
      }
      return inProcess(request, options);
    };
    await importAccountData(
      callsOf(context(upstream.token, racing)),
      exportFile({ timecodes: [{ releaseEpisodeId: episode, time: 300, isWatched: true }] }),
    );
    expect(raced).toBe(true);
    expect((await savedTimecodes()).get(episode)).toEqual({ releaseEpisodeId: episode, time: 900, isWatched: true });
  });

  it("is not lowered over an upstream that ignores keep=greater, when the player saved before the batch's read", async () => {
    const [first, second, third] = upstream.episodeIds as [string, string, string];
    await playerSaves({ releaseEpisodeId: third, time: 50, isWatched: false });
    let timecodeReads = 0;
    // The live server: no `keep` parameter, a save sets the time as given.
    const liveLike: Transport = async (request, options) => {
      const url = new URL(request.url);
      if (url.pathname === TIMECODES_PATH && request.method === "GET") {
        timecodeReads += 1;
        // After the import read the account, before it reads again just ahead of writing.
        if (timecodeReads === 2) await playerSaves({ releaseEpisodeId: first, time: 1_200, isWatched: false });
      }
      url.searchParams.delete("keep");
      const body = request.method === "GET" ? undefined : await request.text();
      return networkTransport(new Request(url, { method: request.method, headers: request.headers, body }), options);
    };
    const outcome = await importAccountData(
      callsOf(context(upstream.token, liveLike, `${upstream.origin}/api/v1`)),
      exportFile({
        timecodes: [
          { releaseEpisodeId: first, time: 600, isWatched: false },
          { releaseEpisodeId: second, time: 30, isWatched: false },
          { releaseEpisodeId: third, time: 40, isWatched: true },
        ],
      }),
    );
    const saved = await savedTimecodes();
    expect(saved.get(first)).toEqual({ releaseEpisodeId: first, time: 1_200, isWatched: false });
    expect(saved.get(second)).toEqual({ releaseEpisodeId: second, time: 30, isWatched: false });
    expect(saved.get(third)).toEqual({ releaseEpisodeId: third, time: 50, isWatched: true });
    expect(outcome.timecodes).toBe(2);
    expect(timecodeReads).toBeGreaterThanOrEqual(2);
  });
});
