// Releases of the fresh, seeded embedded API that a page test needs (a rich one, a blocked one…), read through the
// site's own API proxy: the browser suite reads them with Playwright's request context, the page checks with fetch.

export type ApiRelease = {
  id: number;
  type: { value: string };
  alias: string;
  name: { main: string };
  age_rating: { is_adult: boolean };
  is_blocked_by_geo: boolean;
  is_blocked_by_copyrights: boolean;
  is_ongoing: boolean;
  is_in_production: boolean;
  episodes_total: number | null;
};

/** A site to read from: its origin (the catalogue is read once per origin) and how to get a JSON answer at a path. */
export type DemoApi = { origin: string; getJson: (path: string) => Promise<unknown> };

const catalogues = new Map<string, Promise<ApiRelease[]>>();

/** Lists come as an array or wrapped in `{ data }`, as the upstream sends them. */
export async function listOf<Item>(api: DemoApi, path: string): Promise<Item[]> {
  const answer = (await api.getJson(path)) as Item[] | { data: Item[] };
  return Array.isArray(answer) ? answer : answer.data;
}

async function readCatalogue(api: DemoApi): Promise<ApiRelease[]> {
  const releases: ApiRelease[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await api.getJson(`/api/v1/anime/catalog/releases?limit=50&page=${page}`)) as {
      data: ApiRelease[];
      meta: { pagination: { total_pages: number } };
    };
    releases.push(...answer.data);
    if (page >= answer.meta.pagination.total_pages) return releases;
  }
}

/** Every release, read once per site (a test run's database is fresh and seeded: the list does not change). */
export function allReleases(api: DemoApi): Promise<ApiRelease[]> {
  let catalogue = catalogues.get(api.origin);
  if (!catalogue) {
    catalogue = readCatalogue(api);
    catalogues.set(api.origin, catalogue);
  }
  return catalogue;
}

export async function findRelease(api: DemoApi, description: string, matches: (release: ApiRelease) => boolean): Promise<ApiRelease> {
  const release = (await allReleases(api)).find(matches);
  if (!release) throw new Error(`The demo data has no ${description}`);
  return release;
}

export const watchable = (release: ApiRelease) =>
  !release.age_rating.is_adult && !release.is_blocked_by_geo && !release.is_blocked_by_copyrights;

/** A finished series with several episodes, torrents in more than one quality and a franchise: every tab has something to show. */
export async function richRelease(api: DemoApi): Promise<ApiRelease> {
  const candidates = (await allReleases(api)).filter(
    (release) => watchable(release) && !release.is_in_production && (release.episodes_total ?? 0) >= 3,
  );
  for (const release of candidates) {
    const torrents = await listOf<{ quality: { value: string } }>(api, `/api/v1/anime/torrents/release/${release.id}`);
    if (new Set(torrents.map((torrent) => torrent.quality.value)).size < 2) continue;
    const franchises = await listOf<unknown>(api, `/api/v1/anime/franchises/release/${release.id}`);
    if (franchises.length > 0) return release;
  }
  throw new Error("The demo data has no release with two torrent qualities and a franchise");
}

/** An announcement: in production, not airing yet, nothing published (null when the demo data has none). */
export async function announcedReleaseWithoutEpisodes(api: DemoApi): Promise<ApiRelease | null> {
  for (const release of (await allReleases(api)).filter(
    (candidate) => watchable(candidate) && candidate.is_in_production && !candidate.is_ongoing,
  )) {
    const detail = (await api.getJson(`/api/v1/anime/releases/${release.alias}`)) as { episodes?: unknown[] };
    if ((detail.episodes ?? []).length === 0) return release;
  }
  return null;
}

export type DemoRelease = { id: number; alias: string; title: string; episodes: { id: string; ordinal: number | null }[] };

type RawRelease = {
  id: number;
  alias: string;
  name: { main: string };
  is_blocked_by_geo: boolean;
  is_blocked_by_copyrights: boolean;
  age_rating: { is_adult: boolean };
  episodes?: { id: string; ordinal: number | null; hls_480: string | null; opening: { start: number | null } | null }[];
};

/**
 * A release whose first two episodes play here with opening and ending marks (the demo clip: 24 s, opening 2–8, ending 18–24);
 * not adult unless asked for (an adult one asks for the age confirmation first).
 */
export async function findPlayableRelease(api: DemoApi, { adult = false }: { adult?: boolean } = {}): Promise<DemoRelease> {
  const list = await listOf<RawRelease>(api, `/api/v1/anime/releases/latest?limit=${adult ? 50 : 30}`);
  for (const { alias } of list) {
    const release = (await api.getJson(`/api/v1/anime/releases/${alias}`)) as RawRelease;
    if (release.is_blocked_by_geo || release.is_blocked_by_copyrights || release.age_rating.is_adult !== adult) continue;
    const episodes = (release.episodes ?? []).filter((episode) => episode.hls_480 && episode.opening?.start === 2);
    if (episodes.length >= 2 && episodes.length === (release.episodes ?? []).length) {
      return { id: release.id, alias, title: release.name.main, episodes: episodes.map(({ id, ordinal }) => ({ id, ordinal })) };
    }
  }
  throw new Error(`no playable ${adult ? "adult " : ""}release in the demo data`);
}

export const releaseUrl = (release: ApiRelease, tab = "") => `/anime/releases/release/${release.alias}${tab}`;

/** The browser suite's request context (which resolves paths against its base URL) as a site to read from. */
export function demoApiOf(request: { get(path: string): Promise<{ json(): Promise<unknown> }> }, origin: string): DemoApi {
  return { origin, getJson: async (path) => (await request.get(path)).json() };
}
