// The player's own addresses at the request level: an episode's multi-variant playlist, one variant per rendition.
// Playing it is the browser's (tests/e2e/player.spec.ts).
import { describe, expect, test } from "vitest";
import { findPlayableRelease } from "../support/demo-releases";
import { demoApi, request } from "./support/page";

describe("an episode's playlist", () => {
  test("is served with its three variants, and a malformed episode id is a 404", async () => {
    const release = await findPlayableRelease(demoApi());
    const response = await request(`/anime/video/episode/${release.episodes[0]!.id}/master.m3u8`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("mpegurl");
    expect((await response.text()).match(/#EXT-X-STREAM-INF/g)).toHaveLength(3);
    expect((await request("/anime/video/episode/not..valid/master.m3u8")).status).toBe(404);
  });
});
