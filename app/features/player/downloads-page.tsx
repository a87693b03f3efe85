// /me/downloads: the episodes saved in this browser, played here with the network off (docs/decisions/0200).
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { episodePath, releasePath } from "~/domain/site-paths";
import { HlsPlayer } from "~/features/player/hls-player";
import { episodeLabel, playerStrings } from "~/features/player/strings";
import { usePlayerSettings } from "~/features/video-engine/use-player-settings";
import { useProgressStore } from "~/features/progress/use-progress-store";
import { useRootData } from "~/shared/root-data";
import { formatBytes } from "~/i18n/format";
import type { SavedEpisode } from "~/features/downloads/download-state";
import { DownloadStatus, StorageLine } from "~/features/downloads/download-status";
import { OFFLINE_EPISODES_CACHE } from "~/features/downloads/messages";
import { offlinePlaylistPath, offlinePreviewTrackPath } from "~/features/downloads/offline-playlist";
import { downloadStrings as strings } from "~/features/downloads/strings";
import { useSavedEpisodes } from "~/features/downloads/use-saved-episodes";

const NO_ADS = { videoAds: false, videoAdsAlways: false, contentAds: false };
/** The saved copy is in the worker's cache, on no media host. */
const NO_MIRRORS: readonly string[] = [];

function titleOf(record: SavedEpisode): string {
  return `${record.release?.title ?? playerStrings.pageTitleFallback} — ${episodeLabel(record.episode)}`;
}

/** The saved copy's seek-preview track if it was saved with it, else null (its player builds them); undefined while looked up. */
function useSavedPreviewTrack(episodeId: string): string | null | undefined {
  const [track, setTrack] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const path = offlinePreviewTrackPath(episodeId);
    caches
      .open(OFFLINE_EPISODES_CACHE)
      .then((cache) => cache.match(new URL(path, window.location.href).href))
      .then(
        (saved) => current && setTrack(saved ? path : null),
        () => current && setTrack(null),
      );
    return () => {
      current = false;
    };
  }, [episodeId]);
  return track;
}

function SavedPlayer({ record }: { record: SavedEpisode }) {
  const root = useRootData();
  const [settings, updateSettings, settingsLoaded] = usePlayerSettings();
  const store = useProgressStore(root?.profile?.id ?? null, null);
  const stageRef = useRef<HTMLDivElement>(null);
  const playlist = offlinePlaylistPath(record.episodeId);
  const previewTrack = useSavedPreviewTrack(record.episodeId);
  // The saved copy is one rendition: the player sees it as the only quality.
  const episode = { ...record.episode, renditions: [{ height: record.height, url: playlist }] };
  return (
    <section aria-label={`${strings.nowPlaying}: ${titleOf(record)}`} className="space-y-2">
      <div ref={stageRef} className="relative aspect-video w-full overflow-hidden rounded-lg bg-black text-white">
        {previewTrack === undefined ? null : (
          <HlsPlayer
            key={record.episodeId}
            previewTrack={previewTrack}
            episode={episode}
            release={record.release}
            masterUrl={playlist}
            mediaMirrors={NO_MIRRORS}
            previous={null}
            next={null}
            hrefFor={episodePath}
            settings={settings}
            settingsLoaded={settingsLoaded}
            updateSettings={updateSettings}
            store={store}
            adFlags={NO_ADS}
            stageRef={stageRef}
          />
        )}
      </div>
      <p className="font-semibold">{titleOf(record)}</p>
    </section>
  );
}

export function DownloadsPage() {
  const { records, storage, supported, send } = useSavedEpisodes();
  const [playingId, setPlayingId] = useState<string | null>(null);
  const playing = records?.find((record) => record.episodeId === playingId && record.phase === "complete") ?? null;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{strings.savedTitle}</h1>
        <p className="text-muted">{strings.savedDescription}</p>
        <StorageLine storage={storage} />
      </div>
      {supported === null ? <p>{strings.needsJavaScript}</p> : null}
      {supported === false ? <p>{strings.unsupported}</p> : null}
      {supported && records === null ? <p>{strings.loading}</p> : null}
      {records?.length === 0 ? <p>{strings.none}</p> : null}
      {playing ? <SavedPlayer record={playing} /> : null}
      {records?.length ? (
        <ul className="space-y-3" aria-label={strings.savedTitle}>
          {records.map((record) => (
            <li key={record.episodeId} className="space-y-2 rounded-md bg-surface p-4" data-episode-id={record.episodeId}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <h2 className="font-semibold">
                  {record.release ? <Link to={releasePath(record.release.alias)}>{titleOf(record)}</Link> : titleOf(record)}
                </h2>
                <span className="text-xs text-muted">
                  {strings.savedQuality(record.height)} · {formatBytes(record.bytes)}
                </span>
              </div>
              {record.phase === "complete" ? (
                <button
                  type="button"
                  className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-page hover:opacity-90"
                  aria-label={`${strings.play}: ${titleOf(record)}`}
                  onClick={() => setPlayingId(record.episodeId)}
                >
                  {strings.play}
                </button>
              ) : null}
              <DownloadStatus record={record} send={send} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
