// The built site over an upstream that serves real answers of the live API (tests/fixtures/recorded/): the home page,
// the catalogue, the genres, a genre, a release page and the player show the recorded titles, images and episodes.
// The recording holds two answers (the latest releases and the genres); every other path the pages ask is built
// from those releases, as noted by each route below, or answers 404 like a path the live API lacks.
import { readFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib/server.mjs";

type RecordedEpisode = { id: string; ordinal: number; name: string | null; hls_720: string };
type RecordedRelease = {
  id: number;
  alias: string;
  name: { main: string; english: string | null };
  year: number;
  type: { value: string; description: string };
  season: { value: string; description: string };
  age_rating: { value: string; label: string; description: string };
  poster: { src: string };
  genres: { id: number }[];
  episodes_are_unknown: boolean;
  episodes_total: number | null;
  latest_episode: RecordedEpisode;
};
type RecordedGenre = { id: number; name: string; image: { preview: string } };

const recorded = <Value>(name: string): Value =>
  JSON.parse(readFileSync(new URL(`../fixtures/recorded/${name}`, import.meta.url), "utf8")) as Value;
const LATEST = recorded<RecordedRelease[]>("latest-14-2025-01-15.json");
const GENRES = recorded<RecordedGenre[]>("genres-35-2025-01-20.json");

/** The latest answer carries no `episodes`: a release's page gets the one episode the recording has, its latest. */
const detailOf = (release: RecordedRelease) => ({ ...release, episodes: [release.latest_episode] });
const page = (items: unknown[]) => ({
  data: items,
  meta: { pagination: { total: items.length, count: items.length, per_page: 50, current_page: 1, total_pages: 1, links: {} } },
});
const distinct = <Value>(values: Value[], key: (value: Value) => unknown) =>
  values.filter((value, index) => values.findIndex((other) => key(other) === key(value)) === index);

/** Answers by path below /api/v1; null is a 404. */
function answer(path: string, query: URLSearchParams): unknown {
  const limit = Number(query.get("limit") ?? LATEST.length);
  if (path === "/anime/releases/latest") return LATEST.slice(0, limit);
  if (path === "/anime/genres" || path === "/anime/catalog/references/genres") return GENRES;
  // The catalogue and a genre's releases: the recorded releases, as one page.
  if (path === "/anime/catalog/releases") return page(LATEST);
  const genre = /^\/anime\/genres\/(\d+)(\/releases)?$/.exec(path);
  if (genre) {
    const id = Number(genre[1]);
    const found = GENRES.find((item) => item.id === id);
    if (!found) return null;
    return genre[2] ? page(LATEST.filter((release) => release.genres.some((item) => item.id === id))) : found;
  }
  // The catalogue's filters: what the recorded releases carry.
  if (path === "/anime/catalog/references/types")
    return distinct(
      LATEST.map((release) => release.type),
      (type) => type.value,
    );
  if (path === "/anime/catalog/references/seasons")
    return distinct(
      LATEST.map((release) => release.season),
      (season) => season.value,
    );
  if (path === "/anime/catalog/references/years") return [...new Set(LATEST.map((release) => release.year))];
  if (path === "/anime/catalog/references/age-ratings")
    return distinct(
      LATEST.map((release) => release.age_rating),
      (rating) => rating.value,
    );
  if (path.startsWith("/anime/catalog/references/")) return [];
  const episode = /^\/anime\/releases\/episodes\/([0-9a-f-]+)$/.exec(path);
  if (episode) {
    const release = LATEST.find((item) => item.latest_episode.id === episode[1]);
    return release ? { ...release.latest_episode, release: detailOf(release) } : null;
  }
  const release = /^\/anime\/releases\/([^/]+)$/.exec(path);
  if (release) {
    const found = LATEST.find((item) => item.alias === release[1] || String(item.id) === release[1]);
    return found ? detailOf(found) : null;
  }
  if (path === "/anime/releases/random" || path === "/anime/releases/recommended") return LATEST.slice(0, limit);
  if (path === "/anime/schedule/now") return { yesterday: [], today: [], tomorrow: [] };
  return null;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

let upstream: Server;
let upstreamOrigin: string;
let app: Awaited<ReturnType<typeof startServer>>;
const asked = new Set<string>();

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://upstream.test");
    const path = url.pathname.replace(/^\/api\/v1/, "").replace(/\/$/, "");
    asked.add(path);
    const body = request.method === "GET" ? answer(path, url.searchParams) : null;
    if (body === null) send(response, 404, { message: "Not Found" });
    else send(response, 200, body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  app = await startServer({ port: 4191, env: { UPSTREAM_URL: `${upstreamOrigin}/api/v1`, PAGE_CACHE_SECONDS: "0", VAST_URL: "off" } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
});

const person = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36" };

async function html(path: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}${path}`, { headers: person });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Text as the page escapes it (titles carry apostrophes and ampersands). */
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
const posterOf = (release: RecordedRelease) => `${upstreamOrigin}${release.poster.src}`;

describe("the site over recorded answers of the live API", () => {
  it("shows the latest releases on the home page with their titles and posters", async () => {
    const home = await html("/");
    for (const release of LATEST.slice(0, 12)) {
      expect(home).toContain(escaped(release.name.main));
      expect(home).toContain(posterOf(release));
    }
  });

  it("shows the recorded releases in the catalogue with their posters", async () => {
    const catalogue = await html("/anime/catalog/");
    for (const release of LATEST) expect(catalogue).toContain(escaped(release.name.main));
    expect(catalogue).toContain(posterOf(LATEST[0]!));
  });

  it("lists the 35 live genres with their images, and a genre's releases", async () => {
    const genres = await html("/anime/genres/");
    for (const genre of GENRES) {
      expect(genres).toContain(genre.name);
      expect(genres).toContain(`${upstreamOrigin}${genre.image.preview}`);
    }
    const comedy = await html("/anime/genres/releasesOfGenre/1");
    expect(comedy).toContain("Комедия");
    for (const release of LATEST.filter((item) => item.genres.some((genre) => genre.id === 1))) {
      expect(comedy).toContain(escaped(release.name.main));
    }
  });

  it("shows a release page with its poster and its episode, and not a guessed total where the count is not known", async () => {
    const known = LATEST.find((release) => release.alias === "medalist")!;
    const medalist = await html(`/anime/releases/release/${known.alias}`);
    expect(medalist).toContain(escaped(known.name.main));
    expect(medalist).toContain(posterOf(known));
    expect(medalist).toContain(`/anime/video/episode/${known.latest_episode.id}`);
    expect(medalist).toContain("13 серий");
    // Recorded with episodes_total 12 and episodes_are_unknown true: the total is a guess and is not shown; the
    // episodes out are (this page's answer carries the latest one), «выходит» while it is (app/i18n/format.test.ts).
    const unknown = LATEST.find((release) => release.id === 9840)!;
    const page = await html(`/anime/releases/release/${unknown.alias}`);
    expect(page).toContain("1 серия");
    expect(page).not.toContain("12 серий");
  });

  it("plays the recorded episode's stream in the player", async () => {
    const release = LATEST.find((item) => item.alias === "sakamoto-days")!;
    const player = await html(`/anime/video/episode/${release.latest_episode.id}`);
    expect(player).toContain(escaped(release.name.main));
    // The stream's address goes to the page (JSON-escaped in its data): the recorded host with its ad flags.
    expect(player).toContain(new URL(release.latest_episode.hls_720).host);
    expect(asked).toContain(`/anime/releases/episodes/${release.latest_episode.id}`);
  });
});
