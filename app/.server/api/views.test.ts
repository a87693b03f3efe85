import { describe, expect, it } from "vitest";
import { getTimecodes, getViewHistory, saveTimecodes } from "./views";
import { episodeFixture, pageFixture, releaseFixture, tableTransport, testContext } from "./test-fixtures";

describe("timecodes", () => {
  it("reads the tuple list", async () => {
    const transport = tableTransport({
      "/accounts/users/me/views/timecodes": [
        ["e1", 120.5, false],
        ["e2", 1400, true],
      ],
    });
    expect(await getTimecodes(testContext(transport), "2024-01-01T00:00:00Z")).toEqual([
      { releaseEpisodeId: "e1", time: 120.5, isWatched: false },
      { releaseEpisodeId: "e2", time: 1400, isWatched: true },
    ]);
    expect(new URL(transport.requests[0]!.url).searchParams.get("since")).toBe("2024-01-01T00:00:00Z");
  });

  it("fails an answer with an item it cannot read", async () => {
    const transport = tableTransport({ "/accounts/users/me/views/timecodes": [["e1", 120.5, false], { time: 3 }] });
    await expect(getTimecodes(testContext(transport))).rejects.toThrow();
  });

  it("accepts the live server's empty 200 on save", async () => {
    const transport = tableTransport({ "POST /accounts/users/me/views/timecodes": () => new Response("", { status: 200 }) });
    await saveTimecodes(testContext(transport), [{ releaseEpisodeId: "e1", time: 30, isWatched: false }]);
    expect(await transport.requests[0]!.json()).toEqual([{ time: 30, is_watched: false, release_episode_id: "e1" }]);
  });
});

describe("view history", () => {
  it("reads the document's item, whose release the schema rewrites (a protocol-relative player link)", async () => {
    const release = releaseFixture({ external_player: "//kodik.info/serial/123/abc/720p" });
    const item = { id: 1, time: 300, user_id: 42, is_watched: false, updated_at: "2025-01-16T08:17:44+00:00" };
    const transport = tableTransport({
      "/accounts/users/me/views/history": pageFixture([{ ...item, release_episode: { ...episodeFixture(), release } }]),
    });
    const history = await getViewHistory(testContext(transport));
    expect(history.items.map((entry) => [entry.release?.id, entry.episode?.id, entry.time])).toEqual([[7439, episodeFixture().id, 300]]);
  });
});
