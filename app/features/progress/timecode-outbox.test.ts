import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage";
import { MAX_BATCH_SIZE, OUTBOX_KEY, TimecodeOutbox } from "./timecode-outbox";

describe("the timecode outbox", () => {
  it("keeps the latest entry per episode and batches them", () => {
    const outbox = new TimecodeOutbox(1, memoryStorage());
    outbox.record({ releaseEpisodeId: "a", time: 10, isWatched: false });
    outbox.record({ releaseEpisodeId: "a", time: 20, isWatched: false });
    outbox.record({ releaseEpisodeId: "b", time: 5, isWatched: true });
    expect(outbox.takeBatch()?.entries).toEqual([
      { releaseEpisodeId: "a", time: 20, isWatched: false },
      { releaseEpisodeId: "b", time: 5, isWatched: true },
    ]);
  });

  it("forgets a confirmed batch but keeps what changed while it was in flight", () => {
    const outbox = new TimecodeOutbox(1, memoryStorage());
    outbox.record({ releaseEpisodeId: "a", time: 10, isWatched: false });
    outbox.record({ releaseEpisodeId: "b", time: 5, isWatched: false });
    const batch = outbox.takeBatch()!;
    outbox.record({ releaseEpisodeId: "a", time: 15, isWatched: false });
    outbox.confirm(batch.revisions);
    expect(outbox.entries()).toEqual([{ releaseEpisodeId: "a", time: 15, isWatched: false }]);
  });

  it("keeps a failed batch for the next try (nothing confirmed)", () => {
    const outbox = new TimecodeOutbox(1, memoryStorage());
    outbox.record({ releaseEpisodeId: "a", time: 10, isWatched: false });
    outbox.takeBatch();
    expect(outbox.takeBatch()?.entries).toHaveLength(1);
  });

  it("limits a batch to what the server accepts", () => {
    const outbox = new TimecodeOutbox(1, memoryStorage());
    for (let index = 0; index < MAX_BATCH_SIZE + 5; index++)
      outbox.record({ releaseEpisodeId: `e${index}`, time: index, isWatched: false });
    expect(outbox.takeBatch()?.entries).toHaveLength(MAX_BATCH_SIZE);
  });

  it("survives a reload for the same account only", () => {
    const storage = memoryStorage();
    new TimecodeOutbox(1, storage).record({ releaseEpisodeId: "a", time: 10, isWatched: true });
    expect(new TimecodeOutbox(1, storage).get("a")).toEqual({ releaseEpisodeId: "a", time: 10, isWatched: true });
    expect(new TimecodeOutbox(2, storage).size).toBe(0);
  });

  it("clears its storage once everything is confirmed", () => {
    const storage = memoryStorage();
    const outbox = new TimecodeOutbox(1, storage);
    outbox.record({ releaseEpisodeId: "a", time: 10, isWatched: false });
    outbox.confirm(outbox.takeBatch()!.revisions);
    expect(storage.values.has(OUTBOX_KEY)).toBe(false);
    expect(outbox.takeBatch()).toBeNull();
  });
});
