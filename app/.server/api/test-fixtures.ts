// Recorded upstream answers, written by hand from the OpenAPI examples and docs/upstream.md (tests only).
import type { ApiContext } from "./context";
import type { Transport } from "./transport";

export const MEDIA_ORIGIN = "https://media.example";

export function imageFixture(path: string, key: "preview" | "src" = "preview") {
  return {
    [key]: `/storage/${path}.jpg`,
    thumbnail: `/storage/${path}-thumb.jpg`,
    optimized: { [key]: `/storage/${path}.webp`, thumbnail: `/storage/${path}-thumb.webp` },
  };
}

export function episodeFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: "9f2c7a4e-6a43-4d0b-9d55-1a2b3c4d5e6f",
    name: "Начало",
    ordinal: 1,
    ending: { start: 1300, stop: 1390 },
    opening: { start: 0, stop: 90 },
    preview: imageFixture("episodes/1/preview"),
    hls_480: "https://cache.example/videos/1/480/index.m3u8",
    hls_720: "https://cache.example/videos/1/720/index.m3u8",
    hls_1080: null,
    duration: 1420,
    rutube_id: null,
    youtube_id: null,
    updated_at: "2023-08-20T15:08:20+00:00",
    sort_order: 1,
    name_english: "The Beginning",
    ...overrides,
  };
}

export function releaseFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 7439,
    type: { value: "TV", description: "ТВ" },
    year: 2018,
    name: { main: "Мастера Меча Онлайн: Алисизация", english: "Sword Art Online: Alicization", alternative: null },
    alias: "sword-art-online-alicization",
    season: { value: "autumn", description: "Осень" },
    poster: imageFixture("releases/7439/poster"),
    fresh_at: "2019-12-29T23:06:39+00:00",
    created_at: "2019-12-29T23:06:39+00:00",
    updated_at: "2023-08-20T15:08:20+00:00",
    is_ongoing: false,
    age_rating: { value: "R16_PLUS", label: "16+", is_adult: false, description: "Лицам старше 16 лет" },
    publish_day: { value: 7, description: "Воскресенье" },
    description: "Underworld - мир, ранее недоступный человеческому пониманию...",
    notification: "Серии выходят по воскресеньям",
    episodes_total: 24,
    external_player: "//kodik.info/serial/123/abc/720p",
    is_in_production: false,
    is_blocked_by_geo: false,
    is_blocked_by_copyrights: false,
    added_in_users_favorites: 25557,
    average_duration_of_episode: 25,
    added_in_planned_collection: 2457,
    genres: [{ id: 5, name: "Экшен", image: imageFixture("genres/5"), total_releases: 120 }],
    ...overrides,
  };
}

export function pageFixture<Item>(data: Item[], pagination: Record<string, unknown> = {}) {
  return {
    data,
    meta: {
      pagination: {
        total: 40,
        count: data.length,
        per_page: 20,
        current_page: 1,
        total_pages: 2,
        links: { next: "https://upstream.example/api/v1/anime/catalog/releases?page=2", previous: null },
        ...pagination,
      },
    },
  };
}

export const SPONSOR = {
  id: "s1",
  title: "Спонсор",
  description: "Поддерживает озвучку",
  url_title: "Сайт",
  url: "https://sponsor.example",
};

export function profileFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 42,
    login: "hikari",
    email: "hikari@example.com",
    nickname: "Хикари",
    avatar: imageFixture("users/42/avatar"),
    torrents: { passkey: "abc123passkey", uploaded: 1024, downloaded: 2048 },
    is_banned: false,
    created_at: "2020-01-01T10:00:00+00:00",
    is_with_ads: true,
    is_with_video_ads: true,
    is_with_video_ads_always: false,
    is_with_content_ads: true,
    ...overrides,
  };
}

export function torrentFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 100,
    hash: "0123456789abcdef0123456789abcdef01234567",
    size: 7_000_000_000,
    type: { value: "WEBRip", description: "WEBRip" },
    color: { value: "8bit", description: "8bit" },
    codec: { value: "x264/AVC", label: "AVC", description: "x264", label_color: "#fff", label_is_visible: true },
    label: "Sword Art Online 1-24 [WEBRip 1080p]",
    quality: { value: "1080p", description: "1080p" },
    magnet: "magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567",
    filename: "sao.torrent",
    seeders: 10,
    bitrate: null,
    leechers: 2,
    sort_order: 1,
    updated_at: "2023-08-20T15:08:20+00:00",
    is_hardsub: false,
    description: "1-24",
    created_at: "2023-08-20T15:08:20+00:00",
    completed_times: 1000,
    ...overrides,
  };
}

type Answer = unknown | ((request: Request) => Response | Promise<Response>);

/** A transport answering from a table keyed by "METHOD /path" (or "/path" for GET); records what it got. */
export function tableTransport(answers: Record<string, Answer>): Transport & { requests: Request[] } {
  const requests: Request[] = [];
  const transport = async (request: Request) => {
    requests.push(request.clone());
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, "");
    const answer = answers[`${request.method} ${path}`] ?? (request.method === "GET" ? answers[path] : undefined);
    if (answer === undefined) return new Response(JSON.stringify({ message: "Not Found" }), { status: 404 });
    if (typeof answer === "function") return (answer as (request: Request) => Response | Promise<Response>)(request);
    return Response.json(answer);
  };
  return Object.assign(transport, { requests });
}

/**
 * A transport that holds every answer until `open()`: what was asked before any answer came is what a loader asks at
 * once, in one round trip. `asked` lists path and query below `/api/v1`.
 */
export function heldTransport(answers: Record<string, Answer>): { transport: Transport; asked: string[]; open: () => void } {
  const table = tableTransport(answers);
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const asked: string[] = [];
  const transport = async (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname.replace(/^\/api\/v1/, "")}${url.search}`);
    await opened;
    return table(request);
  };
  return { transport, asked, open };
}

/** Lets every call a loader starts before its first answer reach a held transport. */
export const callsStarted = () => new Promise((resolve) => setTimeout(resolve, 20));

export function testContext(transport: Transport, overrides: Partial<ApiContext> = {}): ApiContext {
  return {
    upstream: { baseUrl: "https://upstream.example/api/v1", transport, embedded: false },
    token: null,
    timeoutMs: 1_000,
    signal: null,
    mediaOrigin: MEDIA_ORIGIN,
    forwardedFor: null,
    userAgent: null,
    reads: null,
    ...overrides,
  };
}
