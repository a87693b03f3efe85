import { describe, expect, it, vi } from "vitest";
import type { TimecodeEntry } from "~/domain/account";
import type { TimecodeTransport } from "./account-timecodes";
import { loadLocalProgress } from "./local-progress";
import { createAccountProgressStore, createVisitorProgressStore } from "./progress-store";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const card = { releaseId: 1, alias: "demo", title: "Демо", poster: null, episodeOrdinal: 1, duration: 24, nextEpisode: null };

function fakeTransport(answers: { send?: boolean; exit?: boolean } = {}) {
  const sent: TimecodeEntry[][] = [];
  const beacons: TimecodeEntry[][] = [];
  const transport: TimecodeTransport = {
    send: vi.fn(async (entries) => {
      sent.push([...entries]);
      return answers.send ?? true;
    }),
    sendOnExit: vi.fn((entries) => {
      beacons.push([...entries]);
      return answers.exit ?? true;
    }),
    fetchAll: vi.fn(async () => []),
  };
  return { transport, sent, beacons };
}

describe("the visitor's progress store", () => {
  it("keeps timecodes in this browser across page loads", () => {
    const storage = memoryStorage();
    const first = createVisitorProgressStore({ storage, now: () => 5 });
    const listener = vi.fn();
    first.subscribe(listener);
    first.save({ releaseEpisodeId: "e1", time: 12, isWatched: false }, card);
    expect(listener).toHaveBeenCalledOnce();
    expect(createVisitorProgressStore({ storage }).get("e1")).toEqual({ time: 12, isWatched: false });
    expect(loadLocalProgress(storage).recent[0]).toMatchObject({ releaseId: 1, episodeId: "e1", updatedAt: 5 });
  });
});

describe("the account's progress store", () => {
  it("answers from local state at once, then batches to the server", async () => {
    const { transport, sent } = fakeTransport();
    const store = createAccountProgressStore(1, transport, { storage: memoryStorage() });
    store.save({ releaseEpisodeId: "e1", time: 10, isWatched: false }, card);
    store.save({ releaseEpisodeId: "e1", time: 11, isWatched: false }, card);
    expect(store.get("e1")).toEqual({ time: 11, isWatched: false });
    expect(sent).toEqual([]);
    await store.flush();
    expect(sent).toEqual([[{ releaseEpisodeId: "e1", time: 11, isWatched: false }]]);
    await store.flush();
    expect(sent).toHaveLength(1);
    expect(store.get("e1")).toEqual({ time: 11, isWatched: false });
  });

  it("keeps what the server refused and sends it again", async () => {
    const storage = memoryStorage();
    const failing = fakeTransport({ send: false });
    const store = createAccountProgressStore(1, failing.transport, { storage });
    store.save({ releaseEpisodeId: "e1", time: 10, isWatched: false }, null);
    await store.flush();
    // The next page load (a new store on the same storage) still has it.
    const working = fakeTransport();
    await createAccountProgressStore(1, working.transport, { storage }).flush();
    expect(working.sent).toEqual([[{ releaseEpisodeId: "e1", time: 10, isWatched: false }]]);
  });

  it("hands the queue to a beacon when the page goes away", () => {
    const { transport, beacons } = fakeTransport();
    const store = createAccountProgressStore(1, transport, { storage: memoryStorage() });
    store.flushOnExit();
    expect(beacons).toEqual([]);
    store.save({ releaseEpisodeId: "e2", time: 30, isWatched: true }, null);
    store.flushOnExit();
    store.flushOnExit();
    expect(beacons).toEqual([[{ releaseEpisodeId: "e2", time: 30, isWatched: true }]]);
  });

  it("prefers unsent local changes over the server's refreshed view", () => {
    const { transport } = fakeTransport({ exit: false });
    const store = createAccountProgressStore(1, transport, { storage: memoryStorage() });
    store.receiveServerEntries([
      { releaseEpisodeId: "e1", time: 100, isWatched: false },
      { releaseEpisodeId: "e2", time: 50, isWatched: true },
    ]);
    store.save({ releaseEpisodeId: "e1", time: 120, isWatched: false }, null);
    store.receiveServerEntries([
      { releaseEpisodeId: "e1", time: 100, isWatched: false },
      { releaseEpisodeId: "e2", time: 60, isWatched: true },
    ]);
    expect(store.get("e1")).toEqual({ time: 120, isWatched: false });
    expect(store.get("e2")).toEqual({ time: 60, isWatched: true });
    expect(store.get("e3")).toBeNull();
  });
});
