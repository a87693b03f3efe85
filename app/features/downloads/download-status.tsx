// One saved episode's state: progress bar, figures, what went wrong, and pause / resume / cancel.
import { downloadPercent, type DownloadFailure, type SavedEpisode } from "./download-state";
import type { DownloadCommand } from "./messages";
import { downloadStrings as strings } from "./strings";

export function failureMessage(failure: DownloadFailure): string {
  switch (failure.kind) {
    case "quota":
      return strings.quotaExceeded(failure.needed, failure.available);
    case "network":
      return strings.networkFailed;
    case "playlist":
      return strings.playlistFailed;
  }
}

const BUTTON = "rounded border border-current px-3 py-1.5 text-sm hover:opacity-80";

export function DownloadStatus({ record, send }: { record: SavedEpisode; send(command: DownloadCommand): void }) {
  const percent = downloadPercent(record);
  const episodeId = record.episodeId;
  const total = Math.max(record.estimatedBytes, record.bytes);
  return (
    <div className="space-y-2" data-download-phase={record.phase}>
      <p className="text-sm">
        <span className="font-semibold">{strings.phase[record.phase]}</span>
        {record.phase === "complete" ? null : <> · {strings.progress(percent, record.bytes, total)}</>}
      </p>
      {record.phase === "complete" ? null : (
        <progress className="h-2 w-full" max={100} value={percent} aria-label={strings.phase[record.phase]}>
          {percent} %
        </progress>
      )}
      {record.failure ? (
        <p role="alert" className="text-sm text-red-400">
          {failureMessage(record.failure)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {record.phase === "downloading" ? (
          <button type="button" className={BUTTON} onClick={() => send({ type: "offline-download:pause", episodeId })}>
            {strings.pause}
          </button>
        ) : null}
        {record.phase === "paused" || (record.phase === "failed" && record.sources.length > 0) ? (
          <button type="button" className={BUTTON} onClick={() => send({ type: "offline-download:resume", episodeId })}>
            {strings.resume}
          </button>
        ) : null}
        <button type="button" className={BUTTON} onClick={() => send({ type: "offline-download:delete", episodeId })}>
          {record.phase === "complete" ? strings.delete : strings.cancel}
        </button>
      </div>
    </div>
  );
}

export function StorageLine({ storage }: { storage: { usage: number; quota: number } | null }) {
  if (!storage) return null;
  return (
    <p className="text-xs opacity-75" data-testid="storage-estimate" data-usage={storage.usage}>
      {strings.storage(storage.usage, storage.quota)}
    </p>
  );
}
