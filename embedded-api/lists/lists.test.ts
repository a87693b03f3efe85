// State machines of the per-user lists: favorites, collections, timecodes and the view history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, asJson, asList } from "../test-support";

// The demo lists left out: these tests count every entry from an empty start. The clock moves a second per reading, so a
// `since` checkpoint falls strictly between two requests.
let clockReadings = 0;
const clock = () => new Date(Date.UTC(2026, 0, 1) + ++clockReadings * 1000);
const client = new TestClient({ seed: { releases: 120, demoLists: false }, now: clock });
let token = "";
let releaseIds: number[] = [];
let episodeIds: string[] = [];

beforeAll(async () => {
  token = await client.signIn();
  const page = asJson((await client.get("/anime/catalog/releases?limit=50")).body);
  releaseIds = asList(page.data).map((release) => release.id as number);
  for (const release of asList((await client.get("/anime/releases/latest?limit=20")).body)) {
    const detail = asJson((await client.get(`/anime/releases/${String(release.id)}`)).body);
    episodeIds = asList(detail.episodes).map((episode) => episode.id as string);
    if (episodeIds.length >= 2) break;
  }
});
afterAll(() => client.close());

describe("protected lists", () => {
  it("answer 403 without a token or with an unknown one", async () => {
    for (const path of [
      "/accounts/users/me/favorites/ids",
      "/accounts/users/me/collections/ids",
      "/accounts/users/me/views/timecodes",
      "/accounts/users/me/profile",
      "/accounts/users/me/favorites/references/genres",
      "/accounts/users/me/views/history",
      "/accounts/users/me/sessions",
    ]) {
      expect((await client.get(path)).status, path).toBe(403);
      expect((await client.get(path, { token: "forged-token" })).status, path).toBe(403);
    }
    expect((await client.post("/accounts/users/me/favorites", { body: [{ release_id: 1 }] })).status).toBe(403);
  });
});

describe("favorites", () => {
  it("adds and removes, answering the full id list each time", async () => {
    const [a, b, c] = releaseIds as [number, number, number];
    const added = await client.post("/accounts/users/me/favorites", {
      token,
      body: [{ release_id: a }, { release_id: b }],
    });
    expect(added.body).toEqual([b, a]);
    expect((await client.post("/accounts/users/me/favorites", { token, body: [{ release_id: c }, { release_id: a }] })).body).toEqual([
      c,
      b,
      a,
    ]);
    expect((await client.delete("/accounts/users/me/favorites", { token, body: [{ release_id: b }] })).body).toEqual([c, a]);
    expect((await client.get("/accounts/users/me/favorites/ids", { token })).body).toEqual([c, a]);
    expect((await client.post("/accounts/users/me/favorites", { token, body: [{ release_id: 99_999_999 }] })).status).toBe(422);
  });

  it("counts favorites on the release", async () => {
    const id = releaseIds[5] as number;
    const before = asJson((await client.get(`/anime/releases/${id}`)).body).added_in_users_favorites as number;
    await client.post("/accounts/users/me/favorites", { token, body: [{ release_id: id }] });
    expect(asJson((await client.get(`/anime/releases/${id}`)).body).added_in_users_favorites).toBe(before + 1);
    await client.delete("/accounts/users/me/favorites", { token, body: [{ release_id: id }] });
    expect(asJson((await client.get(`/anime/releases/${id}`)).body).added_in_users_favorites).toBe(before);
  });

  it("lists favorite releases with sorting, filters and references", async () => {
    const [a, , c] = releaseIds as [number, number, number];
    const newest = asJson((await client.get("/accounts/users/me/favorites/releases?f[sorting]=CREATED_AT_DESC", { token })).body);
    expect(asList(newest.data).map((release) => release.id)).toEqual([c, a]);
    const oldest = asJson((await client.get("/accounts/users/me/favorites/releases?f[sorting]=CREATED_AT_ASC", { token })).body);
    expect(asList(oldest.data).map((release) => release.id)).toEqual([a, c]);
    expect(asList(newest.data)[0]?.episodes).toBeInstanceOf(Array);

    const years = (await client.get("/accounts/users/me/favorites/references/years", { token })).body as number[];
    const filtered = asJson((await client.get(`/accounts/users/me/favorites/releases?f[years]=${years[0]}`, { token })).body);
    expect(asList(filtered.data).every((release) => release.year === years[0])).toBe(true);
    const types = asList((await client.get("/accounts/users/me/favorites/references/types", { token })).body);
    expect(types.length).toBeGreaterThan(0);
    expect((await client.get("/accounts/users/me/favorites/releases?f[sorting]=NEWEST", { token })).status).toBe(422);
    const posted = await client.post("/accounts/users/me/favorites/releases", {
      token,
      body: { f: { years: years.join(",") } },
    });
    expect(asJson(asJson(posted.body).meta).pagination).toMatchObject({ total: 2 });
  });
});

describe("collections", () => {
  it("adds, moves between types and removes, one type per release", async () => {
    const [a, b] = releaseIds.slice(10) as [number, number];
    const path = "/accounts/users/me/collections";
    expect((await client.post(path, { token, body: [{ release_id: a, type_of_collection: "PLANNED" }] })).body).toEqual([[a, "PLANNED"]]);
    const moved = await client.post(path, {
      token,
      body: [
        { release_id: a, type_of_collection: "WATCHING" },
        { release_id: b, type_of_collection: "PLANNED" },
      ],
    });
    expect(moved.body).toEqual([
      [b, "PLANNED"],
      [a, "WATCHING"],
    ]);
    expect((await client.get(`${path}/ids`, { token })).body).toEqual([
      [b, "PLANNED"],
      [a, "WATCHING"],
    ]);

    const watching = asJson((await client.get(`${path}/releases?type_of_collection=WATCHING`, { token })).body);
    expect(asList(watching.data).map((release) => release.id)).toEqual([a]);
    const planned = asJson((await client.post(`${path}/releases`, { token, body: { type_of_collection: "PLANNED" } })).body);
    expect(asList(planned.data).map((release) => release.id)).toEqual([b]);

    expect((await client.delete(path, { token, body: [{ release_id: a }] })).body).toEqual([[b, "PLANNED"]]);
    expect(asJson((await client.get(`${path}/releases?type_of_collection=WATCHING`, { token })).body).data).toEqual([]);
  });

  it("moves the collection counters with the release", async () => {
    const id = releaseIds[20] as number;
    const counters = async () => {
      const release = asJson((await client.get(`/anime/releases/${id}`)).body);
      return [release.added_in_planned_collection, release.added_in_watched_collection] as number[];
    };
    const [planned, watched] = await counters();
    await client.post("/accounts/users/me/collections", {
      token,
      body: [{ release_id: id, type_of_collection: "PLANNED" }],
    });
    expect(await counters()).toEqual([(planned as number) + 1, watched]);
    await client.post("/accounts/users/me/collections", {
      token,
      body: [{ release_id: id, type_of_collection: "WATCHED" }],
    });
    expect(await counters()).toEqual([planned, (watched as number) + 1]);
    await client.delete("/accounts/users/me/collections", { token, body: [{ release_id: id }] });
    expect(await counters()).toEqual([planned, watched]);
  });

  it("validates the type and requires it for the releases list", async () => {
    expect(
      (
        await client.post("/accounts/users/me/collections", {
          token,
          body: [{ release_id: 1, type_of_collection: "LOVED" }],
        })
      ).status,
    ).toBe(422);
    const missing = await client.get("/accounts/users/me/collections/releases", { token });
    expect(missing.status).toBe(422);
    expect(asJson(asJson(missing.body).errors).type_of_collection).toBeDefined();
  });
});

describe("timecodes", () => {
  it("upserts in batches, answers tuples, filters by since, deletes", async () => {
    const [first, second] = episodeIds as [string, string];
    const path = "/accounts/users/me/views/timecodes";
    const saved = await client.post(path, {
      token,
      body: [
        { time: 10, is_watched: false, release_episode_id: first },
        { time: 20.5, is_watched: true, release_episode_id: second },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toBe("");
    const sorted = (body: unknown) => [...(body as [string, number, boolean][])].sort((x, y) => x[1] - y[1]);
    expect(sorted((await client.get(path, { token })).body)).toEqual([
      [first, 10, false],
      [second, 20.5, true],
    ]);

    const checkpoint = clock().toISOString();
    await client.post(path, { token, body: [{ time: 15, is_watched: true, release_episode_id: first }] });
    expect((await client.get(`${path}?since=${encodeURIComponent(checkpoint)}`, { token })).body).toEqual([[first, 15, true]]);
    expect((await client.get(`${path}?since=yesterday`, { token })).status).toBe(422);

    const history = asJson((await client.get("/accounts/users/me/views/history", { token })).body);
    expect(asList(history.data)).toHaveLength(1);
    expect(asJson(asList(history.data)[0]?.release_episode).id).toBe(first);

    const removed = await client.delete(path, { token, body: [{ release_episode_id: first }] });
    expect(removed.status).toBe(200);
    expect((await client.get(path, { token })).body).toEqual([[second, 20.5, true]]);
  });

  it("with keep=greater never lowers a saved time nor unmarks a watched episode; without it sets the time as given", async () => {
    const [first, second] = episodeIds as [string, string];
    const path = "/accounts/users/me/views/timecodes";
    await client.post(path, {
      token,
      body: [
        { time: 300, is_watched: false, release_episode_id: first },
        { time: 50, is_watched: true, release_episode_id: second },
      ],
    });
    const merged = await client.post(`${path}?keep=greater`, {
      token,
      body: [
        { time: 120, is_watched: true, release_episode_id: first },
        { time: 90, is_watched: false, release_episode_id: second },
      ],
    });
    expect(merged.status).toBe(200);
    const saved = (body: unknown) => new Map((body as [string, number, boolean][]).map(([id, time, watched]) => [id, [time, watched]]));
    const afterMerge = saved((await client.get(path, { token })).body);
    expect(afterMerge.get(first)).toEqual([300, true]);
    expect(afterMerge.get(second)).toEqual([90, true]);
    await client.post(path, { token, body: [{ time: 10, is_watched: false, release_episode_id: first }] });
    expect(saved((await client.get(path, { token })).body).get(first)).toEqual([10, false]);
  });

  it("refuses unknown episodes and malformed entries with 422", async () => {
    const path = "/accounts/users/me/views/timecodes";
    const unknown = await client.post(path, {
      token,
      body: [{ time: 1, is_watched: false, release_episode_id: "00000000-0000-4000-8000-000000000000" }],
    });
    expect(unknown.status).toBe(422);
    expect((await client.post(path, { token, body: [{ time: -1, is_watched: false, release_episode_id: "x" }] })).status).toBe(422);
    expect((await client.post(path, { token, body: { time: 1 } })).status).toBe(422);
  });
});

describe("malformed bodies", () => {
  it("answer 422, never 500", async () => {
    const calls: [string, string, boolean][] = [
      ["POST", "/accounts/users/auth/login", false],
      ["POST", "/accounts/users/auth/registration/new", false],
      ["POST", "/accounts/users/auth/password/reset", false],
      ["POST", "/accounts/otp/get", false],
      ["POST", "/accounts/listing", false],
      ["POST", "/anime/catalog/releases", false],
      ["POST", "/accounts/users/me/favorites", true],
      ["DELETE", "/accounts/users/me/collections", true],
      ["POST", "/accounts/users/me/views/timecodes", true],
      ["POST", "/accounts/users/me/collections/releases", true],
    ];
    for (const [method, path, signedIn] of calls) {
      for (const rawBody of ["{not json", "[1,", '"text"', "null", "42"]) {
        const answer = await client.call(method, path, { token: signedIn ? token : null, rawBody });
        expect(answer.status, `${method} ${path} ${rawBody}`).toBe(422);
        expect(asJson(answer.body).errors).toBeDefined();
      }
    }
  });
});

describe("the demo account's seeded lists", () => {
  it("has favorites and a release it is watching, each with its first episode watched and later ones out", async () => {
    const seeded = new TestClient();
    try {
      const demo = await seeded.signIn();
      const favorites = asList((await seeded.get("/accounts/users/me/favorites/ids", { token: demo })).body);
      const collections = asList((await seeded.get("/accounts/users/me/collections/ids", { token: demo })).body);
      const timecodes = asList((await seeded.get("/accounts/users/me/views/timecodes", { token: demo })).body);
      expect(favorites).toHaveLength(2);
      expect(collections).toEqual([[expect.any(Number), "WATCHING"]]);
      expect(timecodes).toHaveLength(3);
      for (const entry of timecodes) expect(entry).toEqual([expect.any(String), 0, true]);
    } finally {
      seeded.close();
    }
  });
});

describe("order of additions within one millisecond", () => {
  it("keeps the requests' order when the clock does not move between them", async () => {
    const frozen = new Date("2026-01-01T00:00:00.000Z");
    const stopped = new TestClient({ seed: { releases: 20, demoLists: false }, now: () => frozen });
    try {
      const user = await stopped.signIn();
      const ids = asList(asJson((await stopped.get("/anime/catalog/releases?limit=3")).body).data).map((release) => release.id as number);
      const [low, middle, high] = [...ids].sort((left, right) => left - right) as [number, number, number];
      await stopped.post("/accounts/users/me/favorites", { token: user, body: [{ release_id: middle }, { release_id: high }] });
      const afterLow = await stopped.post("/accounts/users/me/favorites", { token: user, body: [{ release_id: low }] });
      expect(afterLow.body).toEqual([low, high, middle]);

      const path = "/accounts/users/me/collections";
      await stopped.post(path, { token: user, body: [{ release_id: high, type_of_collection: "PLANNED" }] });
      const afterMove = await stopped.post(path, { token: user, body: [{ release_id: low, type_of_collection: "WATCHING" }] });
      expect(afterMove.body).toEqual([
        [low, "WATCHING"],
        [high, "PLANNED"],
      ]);
    } finally {
      stopped.close();
    }
  });
});
