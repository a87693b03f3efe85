import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Release } from "~/domain/release";
import { TorrentTable, type TorrentRow } from "./torrent-table";

const labelled = (value: string, description: string | null = null) => ({ value, description });

function row(overrides: Partial<TorrentRow> = {}): TorrentRow {
  return {
    id: 7,
    hash: "abc",
    size: 1_610_612_736,
    label: "Лесная весна [1-12]",
    filename: null,
    magnet: "magnet:?xt=urn:btih:abc",
    description: "1-12",
    type: labelled("WEBRip"),
    quality: labelled("1080p"),
    color: labelled("8bit"),
    codec: { ...labelled("AVC"), label: "AVC" },
    seeders: 1200,
    leechers: 3,
    completedTimes: 0,
    bitrate: null,
    isHardsub: false,
    sortOrder: null,
    createdAt: null,
    updatedAt: null,
    members: [],
    release: null,
    fileUrl: "/api/v1/anime/torrents/abc/file",
    ...overrides,
  };
}

const render = (rows: TorrentRow[]) =>
  renderToStaticMarkup(
    <StaticRouter location="/anime/torrents/">
      <TorrentTable torrents={rows} />
    </StaticRouter>,
  );

describe("TorrentTable", () => {
  it("heads the columns, numbers aligned right", () => {
    expect(render([])).toContain(
      '<tr role="row"><th scope="col" class="px-3 py-2">Релиз</th><th scope="col" class="px-3 py-2">Качество</th><th scope="col" class="px-3 py-2 text-right">Размер</th><th scope="col" class="px-3 py-2 text-right">Сиды / личеры</th><th scope="col" class="px-3 py-2">Скачать</th></tr>',
    );
  });

  it("offers the magnet link and the .torrent file, each named after the torrent", () => {
    const html = render([row()]);
    expect(html).toContain(
      '<a href="magnet:?xt=urn:btih:abc" aria-label="Магнет-ссылка: Лесная весна [1-12]" class="rounded border border-line px-2 py-1 font-semibold hover:bg-surface-raised">Магнет</a>',
    );
    expect(html).toContain(
      '<a href="/api/v1/anime/torrents/abc/file" download="" aria-label="Скачать .torrent: Лесная весна [1-12]" class="rounded border border-line px-2 py-1 font-semibold hover:bg-surface-raised">.torrent</a>',
    );
  });

  it("links the release when the feed names it, and leaves out a missing magnet", () => {
    const release = { alias: "the-vernal-forest", name: { main: "Лесная весна", english: null, alternative: null } } as unknown as Release;
    const html = render([row({ magnet: null, release })]);
    expect(html).toContain('href="/anime/releases/release/the-vernal-forest"');
    expect(html).not.toContain("magnet:");
  });

  it("heads a torrent of one episode «Серия 1» and of several «Серии 1-12»", () => {
    expect(render([row({ description: "1" })])).toContain("Серия 1<");
    expect(render([row()])).toContain("Серии 1-12<");
  });
});
