// "Скачать для просмотра без сети" on the player page: the quality picker with sizes, then the download's state.
import { useEffect, useState } from "react";
import { Link } from "@remix-run/react";
import { useDetailsOpen } from "~/components/use-details-open";
import { downloadsPath, SAVE_OFFLINE_ANCHOR } from "~/domain/site-paths";
import type { PlayerEpisode, PlayerRelease } from "~/features/video-engine/player-data";
import { nominalBandwidth, type Rendition } from "~/features/video-engine/renditions";
import { DownloadStatus, StorageLine } from "./download-status";
import { estimatedBytes, offlinePlaylistOf } from "./offline-playlist";
import { downloadStrings as strings } from "./strings";
import { useSavedEpisodes } from "./use-saved-episodes";

async function renditionSize(rendition: Rendition, episodeId: string): Promise<number | null> {
  try {
    const response = await fetch(rendition.url);
    if (!response.ok) return null;
    const { duration } = offlinePlaylistOf(await response.text(), response.url || rendition.url, episodeId);
    return estimatedBytes(duration, nominalBandwidth(rendition.height));
  } catch {
    return null;
  }
}

/** `onSave`: what the player fetches ahead for the saved copy's page (the seek previews' code), before it is offline. */
export function SaveOffline({ episode, release, onSave }: { episode: PlayerEpisode; release: PlayerRelease | null; onSave?: () => void }) {
  const { records, storage, supported, send } = useSavedEpisodes();
  const { ref: menu, open, setOpen, onToggle } = useDetailsOpen();
  const [sizes, setSizes] = useState<Map<number, number | null> | null>(null);
  const [chosen, setChosen] = useState<Rendition | null>(null);
  const record = records?.find((candidate) => candidate.episodeId === episode.id) ?? null;

  useEffect(() => {
    if (window.location.hash === `#${SAVE_OFFLINE_ANCHOR}`) setOpen(true);
  }, [setOpen]);

  useEffect(() => {
    if (!open || !supported || sizes) return;
    let active = true;
    void Promise.all(
      episode.renditions.map(async (rendition) => [rendition.height, await renditionSize(rendition, episode.id)] as const),
    ).then((entries) => active && setSizes(new Map(entries)));
    return () => {
      active = false;
    };
  }, [open, supported, sizes, episode]);

  const save = (rendition: Rendition) => {
    setChosen(null);
    // Asked once; a browser that grants it will not evict saved episodes under storage pressure.
    void navigator.storage?.persist?.().catch(() => false);
    onSave?.();
    send({
      type: "offline-download:start",
      episode,
      release,
      height: rendition.height,
      playlistUrl: rendition.url,
      estimatedBytes: sizes?.get(rendition.height) ?? 0,
    });
  };

  return (
    <details id={SAVE_OFFLINE_ANCHOR} open={open} ref={menu} onToggle={onToggle} className="rounded-md border border-white/15 px-4 py-3">
      <summary className="cursor-pointer font-semibold">{strings.save}</summary>
      <div className="mt-3 space-y-3">
        {!supported ? (
          <p className="text-sm text-neutral-300">{supported === null ? strings.needsJavaScript : strings.unsupported}</p>
        ) : record ? (
          <>
            <DownloadStatus record={record} send={send} />
            <Link to={downloadsPath()} className="text-sm underline">
              {strings.toDownloads}
            </Link>
          </>
        ) : (
          <>
            <p className="text-sm text-neutral-300">{strings.chooseQuality}</p>
            <ul className="flex flex-wrap gap-2">
              {episode.renditions.map((rendition) => (
                <li key={rendition.height}>
                  <button
                    type="button"
                    className="rounded border border-white/25 px-3 py-1.5 text-sm hover:bg-white/10 aria-pressed:bg-white/15 disabled:opacity-60"
                    disabled={!sizes}
                    aria-pressed={chosen?.height === rendition.height}
                    onClick={() => setChosen(rendition)}
                  >
                    {sizes ? strings.qualityOption(rendition.height, sizes.get(rendition.height) ?? null) : `${rendition.height}p`}
                  </button>
                </li>
              ))}
            </ul>
            {chosen ? (
              <ConfirmDownload
                question={strings.confirm(chosen.height, sizes?.get(chosen.height) ?? null)}
                onConfirm={() => save(chosen)}
                onCancel={() => setChosen(null)}
              />
            ) : null}
            <p className="text-xs text-neutral-400">{sizes ? strings.sizeNote : strings.sizeLoading}</p>
          </>
        )}
        <StorageLine storage={storage} />
      </div>
    </details>
  );
}

/** A download can be hundreds of megabytes: a tap on a quality asks first, with the size. */
function ConfirmDownload({ question, onConfirm, onCancel }: { question: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div role="group" aria-label={question} className="space-y-2 rounded border border-white/25 p-3" data-download-confirm>
      <p className="text-sm">{question}</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onConfirm}
          className="rounded bg-white px-3 py-1.5 text-sm font-semibold text-black hover:bg-white/90"
        >
          {strings.confirmStart}
        </button>
        <button type="button" onClick={onCancel} className="rounded border border-white/25 px-3 py-1.5 text-sm hover:bg-white/10">
          {strings.confirmCancel}
        </button>
      </div>
    </div>
  );
}
