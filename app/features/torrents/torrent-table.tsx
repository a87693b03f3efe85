// The torrent feed as a table: release, quality, size, peers, and the two ways to download.
import { Link } from "@remix-run/react";
import { releaseTitle } from "~/domain/release";
import type { Torrent } from "~/domain/torrent";
import { releasePath } from "~/domain/site-paths";
import { sectionStrings } from "~/features/sections/strings";
import { formatBytes, formatDate, formatEpisodeRange } from "~/i18n/format";
import { formatNumber } from "~/i18n/number";
import { useIntentPrefetch } from "~/components/low-data";

const strings = sectionStrings.torrents;

export type TorrentRow = Torrent & { fileUrl: string };

const COLUMNS: ReadonlyArray<{ label: string; numeric?: boolean }> = [
  { label: strings.release },
  { label: strings.quality },
  { label: strings.size, numeric: true },
  { label: strings.peers, numeric: true },
  { label: strings.download },
];

const downloadLinkClass = "rounded border border-line px-2 py-1 font-semibold hover:bg-surface-raised";

export function torrentQuality(torrent: Torrent): string {
  return [
    torrent.quality.description ?? torrent.quality.value,
    torrent.codec.label ?? torrent.codec.description,
    torrent.type.description ?? torrent.type.value,
    torrent.color.description,
    torrent.isHardsub ? strings.hardsub : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** On a phone the column's name goes with each value, as the header row is not shown there. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs text-muted sm:hidden">
      {children}
    </span>
  );
}

/*
 * A phone gets one card per torrent (release and quality across, size and peers side by side, then the two links)
 * instead of five columns it could only show by a sideways scroll nothing hints at. The table's roles are spelled
 * out because a table laid out as blocks loses them in some browsers.
 */
const phoneCell = "max-sm:block max-sm:px-0 max-sm:py-1";

export function TorrentTable({ torrents }: { torrents: TorrentRow[] }) {
  const prefetch = useIntentPrefetch();
  return (
    <div role="region" aria-label={strings.tableCaption} className="scroll-cue-x rounded-lg border border-line">
      <table role="table" className="w-full text-left text-sm max-sm:block md:min-w-[720px]">
        <caption className="sr-only">{strings.tableCaption}</caption>
        <thead className="bg-surface text-xs uppercase tracking-wide text-muted max-sm:sr-only">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? "px-3 py-2 text-right" : "px-3 py-2"}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {torrents.map((torrent) => {
            const name = torrent.label ?? torrent.filename ?? torrent.hash;
            const date = formatDate(torrent.updatedAt ?? torrent.createdAt);
            return (
              <tr
                key={torrent.id}
                role="row"
                className="border-t border-line align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:px-3 max-sm:py-2 max-sm:first:border-t-0"
              >
                <td className={`col-span-2 px-3 py-3 ${phoneCell}`}>
                  {torrent.release ? (
                    <Link to={releasePath(torrent.release.alias)} prefetch={prefetch} className="font-semibold hover:underline">
                      {releaseTitle(torrent.release)}
                    </Link>
                  ) : (
                    <span className="font-semibold">{name}</span>
                  )}
                  <span className="block text-xs text-muted">
                    {[torrent.description ? formatEpisodeRange(torrent.description) : null, date].filter(Boolean).join(" · ")}
                  </span>
                </td>
                <td className={`col-span-2 px-3 py-3 ${phoneCell}`}>{torrentQuality(torrent)}</td>
                <td className={`whitespace-nowrap px-3 py-3 text-right max-sm:text-left ${phoneCell}`}>
                  <PhoneLabel>{strings.size}</PhoneLabel>
                  {formatBytes(torrent.size) ?? "—"}
                </td>
                <td className={`whitespace-nowrap px-3 py-3 text-right max-sm:text-left ${phoneCell}`}>
                  <PhoneLabel>{strings.peers}</PhoneLabel>
                  <span className="font-semibold">{formatNumber(torrent.seeders)}</span>
                  {" / "}
                  {formatNumber(torrent.leechers)}
                </td>
                <td className={`col-span-2 px-3 py-3 ${phoneCell}`}>
                  <div className="flex flex-wrap gap-2">
                    {torrent.magnet ? (
                      <a href={torrent.magnet} aria-label={strings.magnetLabel(name)} className={downloadLinkClass}>
                        {strings.magnet}
                      </a>
                    ) : null}
                    <a href={torrent.fileUrl} download aria-label={strings.fileLabel(name)} className={downloadLinkClass}>
                      {strings.file}
                    </a>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
