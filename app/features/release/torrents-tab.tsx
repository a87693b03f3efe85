// The torrents tab: a quality switch and each torrent with its size, peers, magnet link and .torrent download.
import { Link, useLocation } from "@remix-run/react";
import type { Torrent } from "~/domain/torrent";
import { formatBytes, formatCount, formatDate, formatEpisodeRange } from "~/i18n/format";
import { releaseStrings } from "./strings";
import { tabStrings } from "./tab-strings";
import { qualityOptions, torrentsOfQuality } from "./torrent-quality";

const strings = tabStrings.torrents;

export type TorrentWithFile = Torrent & { fileUrl: string };

function qualityHref(pathname: string, search: string, quality: string | null): string {
  const params = new URLSearchParams(search);
  if (quality) params.set("quality", quality);
  else params.delete("quality");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function TorrentItem({ torrent }: { torrent: TorrentWithFile }) {
  const title = torrent.label ?? torrent.filename ?? torrent.hash;
  const facts = [
    torrent.quality.description ?? torrent.quality.value,
    torrent.type.description ?? torrent.type.value,
    torrent.codec.label ?? torrent.codec.description ?? torrent.codec.value,
    torrent.isHardsub ? strings.hardsub : null,
  ].filter(Boolean);
  const size = formatBytes(torrent.size);
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-surface p-4 md:flex-row md:items-center">
      <div className="min-w-0 flex-1">
        <h3 className="break-words text-sm font-semibold">{title}</h3>
        <p className="mt-1 text-xs text-muted">
          {[torrent.description ? formatEpisodeRange(torrent.description) : null, ...facts, formatDate(torrent.updatedAt)]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {size ? (
            <div className="flex gap-1">
              <dt className="text-muted">{strings.size}:</dt>
              <dd>{size}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt className="text-muted">{strings.seeders}:</dt>
            <dd>{formatCount(torrent.seeders, "seeders")}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted">{strings.leechers}:</dt>
            <dd>{formatCount(torrent.leechers, "leechers")}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted">{strings.completed}:</dt>
            <dd>{formatCount(torrent.completedTimes, "downloads")}</dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {torrent.magnet ? (
          <a
            href={torrent.magnet}
            className="inline-flex h-9 items-center rounded-md border border-line px-3 text-sm hover:bg-surface-raised"
            aria-label={`${strings.magnet}: ${title}`}
          >
            {strings.magnet}
          </a>
        ) : null}
        <a
          href={torrent.fileUrl}
          rel="nofollow"
          download
          className="inline-flex h-9 items-center rounded-md bg-[#C62828] px-3 text-sm font-semibold text-white hover:opacity-90"
          aria-label={`${strings.download}: ${title}`}
        >
          {strings.download}
        </a>
      </div>
    </li>
  );
}

export function TorrentsTab({ torrents, quality }: { torrents: TorrentWithFile[]; quality: string | null }) {
  const location = useLocation();
  if (torrents.length === 0)
    return <p className="rounded-lg border border-dashed border-line px-6 py-10 text-center text-sm text-muted">{strings.none}</p>;
  const options = qualityOptions(torrents);
  const shown = torrentsOfQuality(torrents, quality);
  const choices = [{ value: null, label: strings.all }, ...options];
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">{releaseStrings.tabs.torrents}</h2>
      {options.length > 1 ? (
        <div role="group" aria-label={strings.qualityLabel} className="inline-flex w-fit overflow-hidden rounded-md border border-line">
          {choices.map((choice) => {
            const current = choice.value === quality;
            return (
              <Link
                key={choice.value ?? "all"}
                to={qualityHref(location.pathname, location.search, choice.value)}
                preventScrollReset
                replace
                aria-current={current ? "true" : undefined}
                className={`px-3 py-1.5 text-sm ${current ? "bg-primary font-semibold text-page" : "hover:bg-surface-raised"}`}
              >
                {choice.label}
              </Link>
            );
          })}
        </div>
      ) : null}
      <ul className="flex flex-col gap-3">
        {shown.map((torrent) => (
          <TorrentItem key={torrent.id} torrent={torrent} />
        ))}
      </ul>
    </div>
  );
}
