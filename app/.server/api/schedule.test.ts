import { beforeEach, describe, expect, it } from "vitest";
import { clearScheduleCache, getScheduleNow, getScheduleWeek } from "./schedule";
import { episodeFixture, releaseFixture, tableTransport, testContext } from "./test-fixtures";

const entry = {
  release: releaseFixture(),
  full_season_is_released: false,
  published_release_episode: episodeFixture(),
  next_release_episode_number: 2,
};

describe("schedule", () => {
  beforeEach(clearScheduleCache);

  it("reads the week as the live server's bare array", async () => {
    const week = await getScheduleWeek(testContext(tableTransport({ "/anime/schedule/week": [entry] })));
    expect(week[0]).toMatchObject({ fullSeasonIsReleased: false, nextReleaseEpisodeNumber: 2, publishedReleaseEpisode: { ordinal: 1 } });
  });

  it("reads the week as the document's {data}", async () => {
    const week = await getScheduleWeek(
      testContext(tableTransport({ "/anime/schedule/week": { data: [entry, { ...entry, published_release_episode: null }] } })),
    );
    expect(week).toHaveLength(2);
    expect(week[1]?.publishedReleaseEpisode).toBeNull();
  });

  it("reads now with missing days as empty", async () => {
    const now = await getScheduleNow(testContext(tableTransport({ "/anime/schedule/now": { today: [entry], yesterday: null } })));
    expect(now.today).toHaveLength(1);
    expect(now.yesterday).toEqual([]);
    expect(now.tomorrow).toEqual([]);
  });

  it("asks the upstream once a minute, not once per page", async () => {
    const transport = tableTransport({ "/anime/schedule/now": { today: [entry], yesterday: [], tomorrow: [] } });
    const context = testContext(transport);
    const calls = () => transport.requests.length;
    const [first, second] = await Promise.all([getScheduleNow(context), getScheduleNow(context)]);
    await getScheduleNow(context);
    expect(calls()).toBe(1);
    expect(second).toBe(first);
    clearScheduleCache();
    await getScheduleNow(context);
    expect(calls()).toBe(2);
  });

  it("keeps the week of each upstream apart, even when two answer at one address", async () => {
    const oneWeek = tableTransport({ "/anime/schedule/week": [entry] });
    const emptyWeek = tableTransport({ "/anime/schedule/week": [] });
    expect(await getScheduleWeek(testContext(oneWeek))).toHaveLength(1);
    expect(await getScheduleWeek(testContext(emptyWeek))).toEqual([]);
    expect(await getScheduleWeek(testContext(oneWeek))).toHaveLength(1);
    expect(oneWeek.requests).toHaveLength(1);
  });
});
