// The release's torrents: a .torrent file link and a magnet link each (no JavaScript needed).
import type { DownloadOption } from "~/features/video-engine/player-data";
import { formatBytes } from "~/i18n/format";
import { playerStrings } from "./strings";

export function EpisodeDownloads({ downloads, hidden }: { downloads: readonly DownloadOption[]; hidden: boolean }) {
  return (
    <section aria-labelledby="player-downloads" className="rounded-lg bg-neutral-900 p-4">
      <h2 id="player-downloads" className="text-lg font-semibold">
        {playerStrings.downloads}
      </h2>
      {hidden ? (
        <p className="mt-2 text-neutral-300">{playerStrings.torrentsHidden}</p>
      ) : downloads.length === 0 ? (
        <p className="mt-2 text-neutral-300">{playerStrings.noDownloads}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {downloads.map((download) => (
            <li key={download.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-white/10 pb-3 last:border-0">
              <span className="min-w-0 flex-1 basis-64">
                <span className="block font-medium">{download.label}</span>
                <span className="block text-sm text-neutral-400">
                  {[
                    download.quality,
                    formatBytes(download.size),
                    `${playerStrings.seeders}: ${download.seeders}`,
                    `${playerStrings.leechers}: ${download.leechers}`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </span>
              <a href={download.fileUrl} className="rounded bg-secondary px-3 py-1.5 text-sm font-semibold text-white" download>
                {playerStrings.downloadTorrent}
              </a>
              {download.magnet ? (
                <a href={download.magnet} className="inline-block py-1 text-sm underline">
                  {playerStrings.magnet}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
