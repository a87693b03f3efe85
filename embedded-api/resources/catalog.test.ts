// Catalogue behaviour: filters, sorting, paging, field selection, errors, media and torrent files.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { TestClient, asJson, asList } from "../test-support";
import { createEmbeddedApi } from "../index";
import { openDatabase } from "../db/database";
import { DEMO_CLIP_SECONDS, LONG_RUNNING_RELEASE } from "../demo-constants";

const client = new TestClient({ seed: { releases: 300 } });
afterAll(() => client.close());

const catalog = async (query: string) => {
  const answer = await client.get(`/anime/catalog/releases?${query}`);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return asJson(answer.body);
};
const releasesOf = (page: Record<string, unknown>) => asList(page.data);

describe("catalogue filters", () => {
  it("filters by comma-joined types, seasons, age ratings and statuses", async () => {
    const page = await catalog(
      "limit=50&f[types]=TV,WEB&f[seasons]=winter,autumn&f[age_ratings]=R16_PLUS,R18_PLUS&f[publish_statuses]=IS_NOT_ONGOING&f[production_statuses]=IS_NOT_IN_PRODUCTION",
    );
    const releases = releasesOf(page);
    expect(releases.length).toBeGreaterThan(0);
    for (const release of releases) {
      expect(["TV", "WEB"]).toContain(asJson(release.type).value);
      expect(["winter", "autumn"]).toContain(asJson(release.season).value);
      expect(["R16_PLUS", "R18_PLUS"]).toContain(asJson(release.age_rating).value);
      expect(release.is_ongoing).toBe(false);
      expect(release.is_in_production).toBe(false);
    }
  });

  it("filters by year range and genres (any of them)", async () => {
    const releases = releasesOf(await catalog("limit=50&f[years][from_year]=2010&f[years][to_year]=2020&f[genres]=1,2"));
    expect(releases.length).toBeGreaterThan(0);
    for (const release of releases) {
      expect(release.year).toBeGreaterThanOrEqual(2010);
      expect(release.year).toBeLessThanOrEqual(2020);
      expect(asList(release.genres).some((genre) => genre.id === 1 || genre.id === 2)).toBe(true);
    }
  });

  it("searches Russian and English titles, ignoring case and ё", async () => {
    const first = releasesOf(await catalog("limit=1"))[0] as Record<string, unknown>;
    const name = asJson(first.name);
    const russian = (name.main as string).split(" ")[0] as string;
    const found = releasesOf(await catalog(`limit=50&f[search]=${encodeURIComponent(russian.toUpperCase().replace(/Е/g, "Ё"))}`));
    expect(found.map((release) => release.id)).toContain(first.id);
    const english = releasesOf(await catalog(`limit=50&f[search]=${encodeURIComponent((name.english as string).toLowerCase())}`));
    expect(english.map((release) => release.id)).toContain(first.id);
    expect(releasesOf(await catalog("f[search]=совершенно-несуществующее-название"))).toEqual([]);
  });

  it("searches by words in any order, by prefixes and by word forms, in both languages", async () => {
    const namesFound = async (search: string) =>
      releasesOf(await catalog(`limit=50&f[search]=${encodeURIComponent(search)}`)).map((release) => asJson(release.name).main as string);
    for (const search of ["грозовой маяк", "маяк грозового", "keepers stormy", "ХРАНИТ грозов", "маяки грозовые"]) {
      expect(await namesFound(search), search).toContain("Хранители грозового маяка: Финал");
    }
    // Every word must match: a word no title has rules the release out.
    expect(await namesFound("грозовой маяк несуществующее")).toEqual([]);
  });

  it("finds a word by its forms without its fleeting vowel, in the catalogue and the quick search (decision 0282)", async () => {
    const namesFound = async (search: string) => {
      const query = encodeURIComponent(search);
      const catalogue = releasesOf(await catalog(`limit=50&f[search]=${query}`));
      const quick = asList((await client.get(`/app/search/releases?query=${query}`)).body);
      return [catalogue, quick].map((found) => found.map((release) => (asJson(release.name).main as string).toLowerCase()));
    };
    const [withVowel] = await namesFound("клинок");
    expect(withVowel).toContain("весенний клинок");
    for (const search of ["клинка", "клинком", "клинки", "ВЕСЕННЕГО КЛИНКА"]) {
      for (const names of await namesFound(search)) {
        expect(names, search).toContain("весенний клинок");
        for (const name of names) expect(name, search).toMatch(/клино?к/);
      }
    }
  });

  it("ranks an exact title first when no sorting is chosen, and keeps a chosen sorting", async () => {
    const exact = "Хранители грозового маяка: Финал";
    const ranked = releasesOf(await catalog(`limit=50&f[search]=${encodeURIComponent("хранители грозового маяка финал")}`));
    expect(asJson(ranked[0]?.name).main).toBe(exact);
    const byYear = releasesOf(await catalog(`limit=50&f[sorting]=YEAR_ASC&f[search]=${encodeURIComponent("хранители")}`));
    const years = byYear.map((release) => release.year as number);
    expect(years).toEqual([...years].sort((a, b) => a - b));
  });

  it("ranks a title whose words are the query's, in another form, above a title that holds the query inside a longer word", async () => {
    const search = encodeURIComponent("стального обещания");
    for (const found of [
      releasesOf(await catalog(`limit=50&f[search]=${search}`)),
      asList((await client.get(`/app/search/releases?query=${search}`)).body),
    ]) {
      const titles = found.map((release) => asJson(release.name).main);
      expect(titles).toContain("Осколки хрустального обещания");
      expect(titles.indexOf("Стальное обещание")).toBe(0);
    }
  });

  it("quick search finds words in any order and puts the whole title first", async () => {
    const answer = await client.get(`/app/search/releases?query=${encodeURIComponent("финал маяка хранители")}`);
    expect(answer.status).toBe(200);
    const names = asList(answer.body).map((release) => asJson(release.name).main);
    expect(names[0]).toBe("Хранители грозового маяка: Финал");
    const phrase = await client.get(`/app/search/releases?query=${encodeURIComponent("Хранители грозового маяка")}`);
    expect(asList(phrase.body).map((release) => asJson(release.name).main)[0]).toBe("Хранители грозового маяка");
  });

  it("sorts by year and rating", async () => {
    const byYear = releasesOf(await catalog("limit=50&f[sorting]=YEAR_ASC")).map((release) => release.year as number);
    expect(byYear).toEqual([...byYear].sort((a, b) => a - b));
    const byRating = releasesOf(await catalog("limit=50&f[sorting]=RATING_DESC")).map(
      (release) => release.added_in_users_favorites as number,
    );
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
  });

  it("pages with the live envelope and links", async () => {
    const page = await catalog("limit=7&page=2&f[types]=TV");
    const pagination = asJson(asJson(page.meta).pagination);
    expect(pagination).toMatchObject({ count: 7, per_page: 7, current_page: 2 });
    expect(pagination.total_pages).toBe(Math.ceil((pagination.total as number) / 7));
    const links = asJson(pagination.links);
    expect(links.previous).toContain("page=1");
    expect(links.next).toContain("page=3");
    expect(links.next).toMatch(/^http:\/\/embedded\.test\/api\/v1\/anime\/catalog\/releases\?/);
    const beyond = await catalog("limit=7&page=9999");
    expect(beyond.data).toEqual([]);
  });

  it("answers 422 with field errors for bad values", async () => {
    const cases: [string, string][] = [
      ["limit=51", "limit"],
      ["limit=0", "limit"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["f[types]=TV,CARTOON", "f.types"],
      ["f[seasons]=monsoon", "f.seasons"],
      ["f[sorting]=BEST", "f.sorting"],
      ["f[genres]=1,x", "f.genres.1"],
      ["f[years][from_year]=2020&f[years][to_year]=2010", "f.years.to_year"],
      ["f[years][from_year]=20x0", "f.years.from_year"],
      ["f[publish_statuses]=SOMETIMES", "f.publish_statuses"],
      ["f=flat", "f"],
    ];
    for (const [query, field] of cases) {
      const answer = await client.get(`/anime/catalog/releases?${query}`);
      expect(answer.status, query).toBe(422);
      expect(
        Object.keys(asJson(asJson(answer.body).errors)).some((key) => key.startsWith(field)),
        `${query}: ${answer.text}`,
      ).toBe(true);
    }
    expect((await client.get("/anime/releases/latest?limit=51")).status).toBe(422);
    expect((await client.get("/anime/torrents?limit=51")).status).toBe(422);
  });

  it("accepts the POST form with arrays and objects", async () => {
    const answer = await client.post("/anime/catalog/releases", {
      body: { limit: 5, f: { types: ["MOVIE"], genres: [3, 4], years: { from_year: 1998 } } },
    });
    expect(answer.status).toBe(200);
    for (const release of asList(asJson(answer.body).data)) expect(asJson(release.type).value).toBe("MOVIE");
    expect((await client.post("/anime/catalog/releases", { body: { limit: 51 } })).status).toBe(422);
  });
});

describe("field selection", () => {
  it("includes dot paths, excludes win, paging meta stays whole", async () => {
    const first = releasesOf(await catalog("limit=1"))[0] as Record<string, unknown>;
    const detail = await client.get(`/anime/releases/${String(first.id)}?include=id,name.main,episodes.id,poster&exclude=poster.optimized`);
    expect(detail.body).toEqual({
      id: first.id,
      name: { main: asJson(first.name).main },
      episodes: expect.any(Array),
      poster: { preview: expect.any(String), thumbnail: expect.any(String), src: expect.any(String) },
    });
    for (const episode of asList(asJson(detail.body).episodes)) expect(Object.keys(episode)).toEqual(["id"]);
    const page = await catalog("limit=2&include=id,alias");
    expect(releasesOf(page).every((release) => Object.keys(release).join() === "id,alias")).toBe(true);
    expect(asJson(page.meta).pagination).toBeDefined();
    const excluded = await catalog("limit=1&exclude=description,genres");
    expect(releasesOf(excluded)[0]).not.toHaveProperty("description");
    expect(releasesOf(excluded)[0]).toHaveProperty("alias");
  });
});

describe("release details", () => {
  it("finds by alias and id; unknown → 404", async () => {
    const first = releasesOf(await catalog("limit=1"))[0] as Record<string, unknown>;
    expect(asJson((await client.get(`/anime/releases/${String(first.alias)}`)).body).id).toBe(first.id);
    expect(asJson((await client.get(`/anime/releases/${String(first.id)}`)).body).alias).toBe(first.alias);
    const missing = await client.get("/anime/releases/no-such-release");
    expect(missing.status).toBe(404);
    expect(typeof asJson(missing.body).message).toBe("string");
    expect((await client.get("/anime/releases/episodes/not-an-episode")).status).toBe(404);
    expect((await client.get("/anime/genres/999")).status).toBe(404);
    expect((await client.get("/anime/franchises/none")).status).toBe(404);
    expect((await client.get("/anime/torrents/deadbeef")).status).toBe(404);
    expect((await client.get("/anime/torrents/release/99999999")).status).toBe(404);
    expect((await client.get("/no/such/route")).status).toBe(404);
    expect((await client.call("PUT", "/anime/genres")).status).toBe(405);
  });

  it("gives absolute HLS links on the request origin and skip marks inside the clip", async () => {
    const latest = asList((await client.get("/anime/releases/latest?limit=20")).body);
    const release = asJson((await client.get(`/anime/releases/${String(latest[0]?.id)}`, { headers: {} })).body);
    const withHls = asList(release.episodes).find((episode) => episode.hls_720) as Record<string, unknown>;
    expect(withHls.hls_720).toBe("http://embedded.test/storage/video/demo/720/index.m3u8");
    expect(withHls.duration).toBe(DEMO_CLIP_SECONDS);
    const other = await client.get(`http://other.host:8080/api/v1/anime/releases/${String(release.id)}`);
    expect(asList(asJson(other.body).episodes).find((episode) => episode.hls_480)?.hls_480).toMatch(
      /^http:\/\/other\.host:8080\/storage\//,
    );
    const opening = asJson(withHls.opening);
    const ending = asJson(withHls.ending);
    if (opening.start !== null) {
      expect(opening.stop as number).toBeLessThanOrEqual(DEMO_CLIP_SECONDS);
      expect(ending.stop as number).toBeLessThanOrEqual(DEMO_CLIP_SECONDS);
    }
  });

  it("serves the long-running show's episodes as a live upstream would: the clip without a seek-preview track", async () => {
    const release = asJson((await client.get(`/anime/releases/${LONG_RUNNING_RELEASE.alias}`)).body);
    const episode = asList(release.episodes).find((candidate) => candidate.hls_480) as Record<string, unknown>;
    expect(episode.hls_480).toBe("http://embedded.test/storage/clip/demo/480/index.m3u8");
    expect((await client.get("/storage/clip/demo/480/index.m3u8")).status).toBe(200);
    expect((await client.get("/storage/clip/demo/480/segment-000.ts")).status).toBe(200);
    expect((await client.get("/storage/clip/demo/thumbnails.vtt")).status).toBe(404);
    expect((await client.get("/storage/clip/demo/thumbnails.jpg")).status).toBe(404);
    expect((await client.get("/storage/video/demo/thumbnails.vtt")).status).toBe(200);
  });

  it("has the demo variety: fractional ordinals, episodes without HLS, blocked and empty releases", async () => {
    const all: Record<string, unknown>[] = [];
    for (let page = 1; page <= 6; page++) all.push(...releasesOf(await catalog(`limit=50&page=${page}`)));
    expect(all.length).toBe(300);
    expect(new Set(all.map((release) => asJson(release.type).value)).size).toBe(8);
    expect(all.some((release) => release.is_blocked_by_geo)).toBe(true);
    expect(all.some((release) => release.is_blocked_by_copyrights)).toBe(true);
    expect(all.some((release) => release.is_ongoing)).toBe(true);
    expect(all.some((release) => release.notification)).toBe(true);
    expect(all.some((release) => typeof release.external_player === "string" && (release.external_player as string).startsWith("//"))).toBe(
      true,
    );
    const list = asJson(
      (
        await client.get(
          `/anime/releases/list?ids=${all
            .map((release) => release.id)
            .slice(0, 50)
            .join(",")}&limit=50`,
        )
      ).body,
    );
    const details = asList(list.data);
    const episodes = details.flatMap((release) => asList(release.episodes));
    expect(episodes.some((episode) => !Number.isInteger(episode.ordinal))).toBe(true);
    expect(episodes.some((episode) => episode.hls_480 === null && (episode.rutube_id || episode.youtube_id))).toBe(true);
    expect(details.some((release) => asList(release.episodes).length === 0)).toBe(true);
    const qualities = new Set(
      details
        .flatMap((release) => asList(release.torrents))
        .map((torrent) => `${asJson(torrent.quality).value} ${asJson(torrent.codec).value}`),
    );
    expect(qualities.size).toBeGreaterThan(2);
  });
});

describe("media under /storage", () => {
  it("serves images, playlists and segments with their MIME types and long caching", async () => {
    const cases: [string, string][] = [
      ["/storage/posters/01/preview.jpg", "image/jpeg"],
      ["/storage/posters/01/thumbnail.webp", "image/webp"],
      ["/storage/genres/25/preview.webp", "image/webp"],
      ["/storage/video/demo/master.m3u8", "application/vnd.apple.mpegurl"],
      ["/storage/video/demo/1080/segment-000.ts", "video/mp2t"],
    ];
    for (const [path, type] of cases) {
      const response = await client.api.handle(new Request(`http://embedded.test${path}`));
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toContain("max-age=31536000");
      expect(response.headers.get("accept-ranges")).toBe("bytes");
    }
  });

  it("answers byte ranges with 206 and impossible ones with 416", async () => {
    const url = "http://embedded.test/storage/video/demo/480/segment-001.ts";
    const whole = new Uint8Array(await (await client.api.handle(new Request(url))).arrayBuffer());
    const partial = await client.api.handle(new Request(url, { headers: { range: "bytes=188-375" } }));
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 188-375/${whole.length}`);
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(whole.subarray(188, 376));
    const suffix = await client.api.handle(new Request(url, { headers: { range: "bytes=-100" } }));
    expect((await suffix.arrayBuffer()).byteLength).toBe(100);
    const impossible = await client.api.handle(new Request(url, { headers: { range: `bytes=${whole.length}-` } }));
    expect(impossible.status).toBe(416);
  });

  it("never leaves the media folder", async () => {
    for (const path of [
      "/storage/../package.json",
      "/storage/%2e%2e/%2e%2e/package.json",
      "/storage/posters/..%2f..%2fgenerate.sh",
      "/storage/generate.sh",
      "/storage/posters/01/..%5c..%5cgenerate.sh",
      "/storage/posters/%00/preview.jpg",
      "/storage/%E0%A4%A",
    ]) {
      const response = await client.api.handle(new Request(`http://embedded.test${path}`));
      expect(response.status, path).toBe(404);
    }
  });
});

describe("torrent files", () => {
  it("serves a bencoded .torrent whose info hash is the torrent's hash", async () => {
    const torrent = asJson(asList(asJson((await client.get("/anime/torrents?limit=1")).body).data)[0]);
    const response = await client.api.handle(new Request(`http://embedded.test/api/v1/anime/torrents/${String(torrent.hash)}/file`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-bittorrent");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 11).toString()).toBe("d8:announce");
    const infoStart = bytes.indexOf("4:info") + "4:info".length;
    const info = bytes.subarray(infoStart, bytes.length - 1);
    expect(crypto.createHash("sha1").update(info).digest("hex")).toBe(torrent.hash);
    expect(torrent.magnet).toContain(`urn:btih:${String(torrent.hash)}`);
  });
});

describe("database lifecycle", () => {
  it("turns an unexpected failure into a JSON 500", async () => {
    const api = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 5 } });
    api.close();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await api.handle(new Request("http://x/api/v1/anime/genres"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Внутренняя ошибка сервера" });
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it("creates, migrates and seeds a file once; later starts keep the data", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-api-"));
    const dbPath = path.join(directory, "nested", "api.sqlite");
    const first = createEmbeddedApi({ dbPath, seed: { releases: 15, demoLists: false } });
    const token = asJson(
      await (
        await first.handle(
          new Request("http://x/api/v1/accounts/users/auth/login", {
            method: "POST",
            body: JSON.stringify({ login: "demo", password: "demo-password" }),
          }),
        )
      ).json(),
    ).token as string;
    await first.handle(
      new Request("http://x/api/v1/accounts/users/me/favorites", {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify([{ release_id: 3 }]),
      }),
    );
    first.close();
    const second = createEmbeddedApi({ dbPath, seed: { releases: 40, demoLists: false } });
    const page = asJson(await (await second.handle(new Request("http://x/api/v1/anime/catalog/releases"))).json());
    expect(asJson(asJson(page.meta).pagination).total).toBe(15);
    const ids = await (
      await second.handle(
        new Request("http://x/api/v1/accounts/users/me/favorites/ids", {
          headers: { authorization: `Bearer ${token}` },
        }),
      )
    ).json();
    expect(ids).toEqual([3]);
    second.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it("indexes the titles of a database made before fleeting-vowel keys again, with them", () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-api-"));
    const dbPath = path.join(directory, "api.sqlite");
    createEmbeddedApi({ dbPath, seed: { releases: 15, demoLists: false } }).close();
    const indexed = () => {
      const db = openDatabase(dbPath);
      try {
        return db.prepare("SELECT c0 FROM release_words_content").pluck().all() as string[];
      } finally {
        db.close();
      }
    };
    const before = openDatabase(dbPath);
    // The index as it was made before decision 0282: the words and stems only.
    const rows = before.prepare("SELECT id, c0 AS words FROM release_words_content").all() as { id: number; words: string }[];
    const update = before.prepare("UPDATE release_words SET words = ? WHERE rowid = ?");
    for (const { id, words } of rows) update.run(words.replace(/ ъ\S+/g, ""), id);
    before.prepare("DELETE FROM schema_migrations WHERE version = 9").run();
    before.close();
    expect(indexed().some((words) => words.includes(" ъ"))).toBe(false);
    createEmbeddedApi({ dbPath, seed: { releases: 15, demoLists: false } }).close();
    expect(indexed().some((words) => words.includes(" ъ"))).toBe(true);
    fs.rmSync(directory, { recursive: true, force: true });
  });
});

describe("title search with more matches than drive the query", () => {
  it("finds exactly the releases whose titles contain a word found in most titles", async () => {
    // Over 3,000 matches: the filter index drives the query and each title is checked on its own.
    const large = new TestClient({ seed: { releases: 3300 } });
    try {
      const list = async (query: string) => {
        const answer = await large.get(`/anime/catalog/releases?${query}`);
        expect(answer.status, answer.text.slice(0, 300)).toBe(200);
        return asJson(answer.body);
      };
      const total = (page: Record<string, unknown>) => asJson(asJson(page.meta).pagination).total as number;
      const everyMatch = total(await list("limit=1&f[search]=the"));
      expect(everyMatch).toBeGreaterThan(3000);

      const filters = "f[types]=TV&f[years][from_year]=2012&f[sorting]=RATING_DESC";
      const searched = await list(`limit=50&${filters}&f[search]=THE`);
      const byHand: Record<string, unknown>[] = [];
      for (let page = 1; ; page += 1) {
        const releases = releasesOf(await list(`limit=50&page=${page}&${filters}`));
        byHand.push(...releases.filter((release) => JSON.stringify(asJson(release.name)).toLowerCase().replace(/ё/g, "е").includes("the")));
        if (releases.length < 50) break;
      }
      expect(total(searched)).toBe(byHand.length);
      expect(releasesOf(searched).map((release) => release.id)).toEqual(byHand.slice(0, 50).map((release) => release.id));

      // Several words found in most titles: each candidate's words are checked as the word index would match them.
      const wordsSearched = await list(`limit=50&${filters}&f[search]=${encodeURIComponent("Of the")}`);
      const titleOf = (release: Record<string, unknown>) =>
        `${asJson(release.name).main} ${asJson(release.name).english} ${release.alias}`.toLowerCase().replace(/ё/g, "е");
      const byWords = byHand.filter((release) => {
        const title = titleOf(release);
        const words = title.split(/[^\p{L}\p{N}]+/u);
        return title.includes("of the") || (words.some((word) => word.startsWith("of")) && words.some((word) => word.startsWith("the")));
      });
      expect(total(wordsSearched)).toBeGreaterThan(0);
      expect(total(wordsSearched)).toBe(byWords.length);
      expect(releasesOf(wordsSearched).map((release) => release.id)).toEqual(byWords.slice(0, 50).map((release) => release.id));
    } finally {
      large.close();
    }
  }, 60_000);
});
