/// <reference lib="WebWorker" />
// The worker's side of saved episodes (docs/decisions/0200): fetches a rendition file by file into its own cache,
// keeps the record in IndexedDB, tells pages about every change, and answers the saved copy's addresses.
// Relative imports only: the worker bundle is built without the app's path aliases.
import { applyDownloadEvent, remainingBytes, type DownloadEvent, type SavedEpisode } from "./download-state";
import { OFFLINE_EPISODES_CACHE, OFFLINE_EPISODES_CHANNEL, type DownloadCommand, type DownloadNotice } from "./messages";
import { OFFLINE_MEDIA_PREFIX, offlinePartPath, offlinePlaylistOf, offlinePlaylistPath } from "./offline-playlist";
import { saveSeekPreviews } from "./offline-previews";
import { deleteSavedEpisode, readSavedEpisode, readSavedEpisodes, writeSavedEpisode } from "./offline-store";

type Hooks = {
  origin: string;
  /** Keeps the downloads page and its files for offline use (the worker's own page precache). */
  keepDownloadsPage(): Promise<void>;
};

/** The track and its sheets are a few kilobytes: past this the connection is too poor to wait for them. */
const PREVIEWS_DEADLINE_MS = 30_000;

/** Downloads running in this worker instance; a download recorded as running but missing here was interrupted. */
const running = new Map<string, AbortController>();

function announce(episodeId: string, unstored?: SavedEpisode): void {
  const channel = new BroadcastChannel(OFFLINE_EPISODES_CHANNEL);
  channel.postMessage({ type: "offline-download:changed", episodeId, ...(unstored ? { unstored } : {}) } satisfies DownloadNotice);
  channel.close();
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.code === DOMException.QUOTA_EXCEEDED_ERR);
}

async function freeSpace(): Promise<number> {
  const { quota = 0, usage = 0 } = await navigator.storage.estimate();
  return Math.max(0, quota - usage);
}

/**
 * Writes the record and tells the pages. When the storage has no room left even for the record, the pages are handed
 * it directly, failed for want of space: otherwise a tap on «Скачать» would end in silence.
 */
async function store(record: SavedEpisode): Promise<void> {
  try {
    await writeSavedEpisode(record);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const needed = record.sources.length > 0 ? remainingBytes(record) : record.estimatedBytes;
    const failure = record.failure?.kind === "quota" ? record.failure : { kind: "quota" as const, needed, available: await freeSpace() };
    announce(record.episodeId, { ...record, phase: "failed", failure });
    return;
  }
  announce(record.episodeId);
}

async function update(episodeId: string, event: DownloadEvent): Promise<SavedEpisode | undefined> {
  const record = await readSavedEpisode(episodeId);
  if (!record) return undefined;
  const next = applyDownloadEvent(record, event, Date.now());
  if (next !== record) await store(next);
  return next;
}

async function deleteSavedFiles(episodeId: string, origin: string): Promise<void> {
  const cache = await caches.open(OFFLINE_EPISODES_CACHE);
  const prefix = new URL(`${OFFLINE_MEDIA_PREFIX}${encodeURIComponent(episodeId)}/`, origin).href;
  const keys = await cache.keys();
  await Promise.all(keys.filter((key) => key.url.startsWith(prefix)).map((key) => cache.delete(key)));
}

async function download(episodeId: string, hooks: Hooks): Promise<void> {
  if (running.has(episodeId)) return;
  const controller = new AbortController();
  running.set(episodeId, controller);
  try {
    const cache = await caches.open(OFFLINE_EPISODES_CACHE);
    for (;;) {
      const record = await readSavedEpisode(episodeId);
      if (!record || record.phase !== "downloading") return;
      const index = record.savedParts;
      const source = record.sources[index];
      if (source === undefined) return;
      let body: ArrayBuffer;
      let contentType: string;
      try {
        const response = await fetch(source, { signal: controller.signal, cache: "no-store" });
        if (!response.ok) throw new Error(`${source} answered ${response.status}`);
        contentType = response.headers.get("Content-Type") ?? "application/octet-stream";
        body = await response.arrayBuffer();
      } catch (error) {
        // An abort is a pause or a deletion, which have already written what they meant.
        if (controller.signal.aborted) return;
        console.warn("offline download: file not fetched", error);
        await update(episodeId, { type: "fail", failure: { kind: "network" } });
        return;
      }
      if (controller.signal.aborted) return;
      const partUrl = new URL(offlinePartPath(episodeId, index), hooks.origin).href;
      try {
        await cache.put(
          partUrl,
          new Response(body, { headers: { "Content-Type": contentType, "Content-Length": String(body.byteLength) } }),
        );
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        const available = await freeSpace();
        await update(episodeId, { type: "fail", failure: { kind: "quota", needed: remainingBytes(record), available } });
        return;
      }
      if (controller.signal.aborted) return;
      const next = await update(episodeId, { type: "part-saved", index, bytes: body.byteLength });
      // Deleted or paused while the file was on its way: a deleted episode keeps nothing.
      if (!next) {
        await cache.delete(partUrl);
        return;
      }
      if (next.phase === "complete") await hooks.keepDownloadsPage().catch(() => undefined);
    }
  } finally {
    if (running.get(episodeId) === controller) running.delete(episodeId);
  }
}

async function start(command: Extract<DownloadCommand, { type: "offline-download:start" }>, hooks: Hooks): Promise<void> {
  const episodeId = command.episode.id;
  const existing = await readSavedEpisode(episodeId);
  if (existing && existing.height === command.height && existing.phase !== "failed") return;
  if (existing) await remove(episodeId, hooks.origin);

  const base: SavedEpisode = {
    episodeId,
    height: command.height,
    episode: command.episode,
    release: command.release,
    sources: [],
    localPlaylist: "",
    duration: 0,
    estimatedBytes: command.estimatedBytes,
    savedParts: 0,
    bytes: 0,
    phase: "downloading",
    failure: null,
    updatedAt: Date.now(),
  };
  let record: SavedEpisode;
  try {
    const response = await fetch(command.playlistUrl, { cache: "no-store" });
    if (!response.ok) throw new Error(`playlist answered ${response.status}`);
    const playlist = offlinePlaylistOf(await response.text(), response.url || command.playlistUrl, episodeId);
    record = { ...base, ...playlist };
  } catch (error) {
    console.warn("offline download: playlist not read", error);
    await store({ ...base, phase: "failed", failure: { kind: "playlist" } });
    return;
  }
  const cache = await caches.open(OFFLINE_EPISODES_CACHE);
  try {
    await cache.put(
      new URL(offlinePlaylistPath(episodeId), hooks.origin).href,
      new Response(record.localPlaylist, { headers: { "Content-Type": "application/vnd.apple.mpegurl; charset=utf-8" } }),
    );
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    record = { ...record, phase: "failed", failure: { kind: "quota", needed: record.estimatedBytes, available: await freeSpace() } };
  }
  await store(record);
  if (record.phase === "downloading") await keepSeekPreviews(episodeId, command.playlistUrl, cache, hooks.origin);
  await hooks.keepDownloadsPage().catch(() => undefined);
  await download(episodeId, hooks);
}

/** The episode's seek previews go with it, when it has any; without them it still plays, so a failure is only logged. */
async function keepSeekPreviews(episodeId: string, playlistUrl: string, cache: Cache, origin: string): Promise<void> {
  try {
    await saveSeekPreviews(episodeId, playlistUrl, cache, origin, AbortSignal.timeout(PREVIEWS_DEADLINE_MS));
  } catch (error) {
    console.warn("offline download: seek previews not saved", error);
  }
  // Deleted while they were on their way: a deleted episode keeps nothing.
  if (!(await readSavedEpisode(episodeId))) await deleteSavedFiles(episodeId, origin);
}

async function remove(episodeId: string, origin: string): Promise<void> {
  running.get(episodeId)?.abort();
  running.delete(episodeId);
  await deleteSavedEpisode(episodeId);
  await deleteSavedFiles(episodeId, origin);
  announce(episodeId);
}

export async function handleDownloadCommand(command: DownloadCommand, hooks: Hooks): Promise<void> {
  switch (command.type) {
    case "offline-download:start":
      return start(command, hooks);
    case "offline-download:pause":
      running.get(command.episodeId)?.abort();
      running.delete(command.episodeId);
      await update(command.episodeId, { type: "pause" });
      return;
    case "offline-download:resume": {
      const record = await update(command.episodeId, { type: "resume" });
      if (record?.phase === "downloading") await download(command.episodeId, hooks);
      return;
    }
    case "offline-download:delete":
      return remove(command.episodeId, hooks.origin);
    case "offline-download:continue": {
      const interrupted = (await readSavedEpisodes()).filter((record) => record.phase === "downloading" && !running.has(record.episodeId));
      await Promise.all(interrupted.map((record) => download(record.episodeId, hooks)));
      return;
    }
  }
}

/** A saved file, or 404: these addresses never go to the network. */
export async function savedFile(request: Request): Promise<Response> {
  const cache = await caches.open(OFFLINE_EPISODES_CACHE);
  const saved = await cache.match(request.url, { ignoreVary: true, ignoreSearch: true });
  return saved ?? new Response("Not saved on this device", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
