// The player page (episode and queue routes): the stage, the title, the queue and the downloads.
import { EpisodeBell } from "~/features/episode-bell/episode-bell";
import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useMediaQuery, WIDE_LAYOUT_QUERY } from "~/components/use-media-query";
import type { SavedPosition } from "~/features/progress/progress-store";
import { useProgressStore } from "~/features/progress/use-progress-store";
import { AgeGate } from "~/features/release/age-gate";
import { useRootData } from "~/shared/root-data";
import { adFlagsOf } from "~/domain/ad-slots";
import { SaveOffline } from "~/features/downloads/save-offline";
import { keepSeekPreviewCode } from "./seek-preview-code";
import { EarlyStartScript, earlyStartOf, earlyViewerOf } from "./early-start";
import { EpisodeDownloads } from "./episode-downloads";
import { EpisodeQueue } from "./episode-queue";
import { HlsPlayer } from "./hls-player";
import { adjacentEpisodes, videoSourceOf, type PlayerPageData } from "~/features/video-engine/player-data";
import { episodeLabel, playerStrings } from "./strings";
import { usePlayerSettings } from "~/features/video-engine/use-player-settings";
import { VideoNotice } from "./video-notice";
import { episodePath, masterPlaylistPath, queuePath, releasePath } from "~/domain/site-paths";
import { roomIdOf, ROOM_QUERY_PARAMETER } from "~/domain/room-paths";
import { useLowData } from "~/components/low-data";

// Loaded only once the page is interactive: most viewers never start a room.
const WatchTogetherPanel = lazy(() => import("~/features/watch-together/watch-together-panel"));

export function PlayerPage({ data }: { data: PlayerPageData }) {
  const { episode, release, queue, queueRange, downloads, accountTimecodes, view, ageConfirmationNeeded } = data;
  const root = useRootData();
  const location = useLocation();
  const profile = root?.profile ?? null;
  const [settings, updateSettings, settingsLoaded] = usePlayerSettings();
  const store = useProgressStore(profile?.id ?? null, accountTimecodes);
  const stageRef = useRef<HTMLDivElement>(null);
  const source = videoSourceOf(episode, release);
  const earlyStart = earlyStartOf(data);
  const { previous, next } = adjacentEpisodes(queue, episode.id);
  const roomId = roomIdOf(new URLSearchParams(location.search).get(ROOM_QUERY_PARAMETER));
  const [hydrated, setHydrated] = useState(false);
  // The room this address names, once it said it is gone: the player plays on its own again.
  const [goneRoom, setGoneRoom] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);
  // In a room, every episode link stays in it.
  const hrefFor = useCallback(
    (episodeId: string) =>
      `${view === "queue" ? queuePath(episodeId) : episodePath(episodeId)}${roomId ? `?${ROOM_QUERY_PARAMETER}=${roomId}` : ""}`,
    [view, roomId],
  );
  const serverPositions = useMemo(
    () =>
      new Map<string, SavedPosition>(
        (accountTimecodes ?? []).map((entry) => [entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched }]),
      ),
    [accountTimecodes],
  );

  const adFlags = adFlagsOf(profile);

  const label = episodeLabel(episode);
  const watchTogether =
    hydrated && source.kind === "hls" ? (
      <Suspense fallback={null}>
        <WatchTogetherPanel
          roomId={roomId}
          episodeId={episode.id}
          stageRef={stageRef}
          nickname={profile ? (profile.nickname ?? profile.login) : null}
          hrefFor={hrefFor}
          onGone={setGoneRoom}
        />
      </Suspense>
    ) : null;

  const title = release?.title ?? playerStrings.pageTitleFallback;
  const lowData = useLowData();
  const theatre = settings.theatre;
  // In a room the panel (with the chat) sits beside the player where the queue's column is; on a phone right under the
  // episode's title, above the downloads, so the chat and «Выйти» are a short scroll from the video.
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const roomBeside = roomId !== null && view === "episode" && !theatre && wide;

  const page = (
    <div
      className={`mx-auto grid grid-cols-1 gap-4 pb-8 ${theatre ? "max-w-none" : "max-w-[1600px] lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-4"}`}
      data-theatre={theatre}
    >
      <div className="min-w-0 space-y-4">
        <div
          ref={stageRef}
          className={`relative aspect-video w-full overflow-hidden bg-black ${theatre ? "max-h-[85dvh]" : "lg:rounded-lg"}`}
          data-video-source={source.kind}
        >
          {ageConfirmationNeeded ? null : source.kind === "hls" ? (
            <HlsPlayer
              key={episode.id}
              episode={episode}
              release={release}
              masterUrl={masterPlaylistPath(episode.id)}
              mediaMirrors={data.mediaMirrors}
              previous={previous}
              next={next}
              hrefFor={hrefFor}
              settings={settings}
              settingsLoaded={settingsLoaded}
              updateSettings={updateSettings}
              store={store}
              adFlags={adFlags}
              moment={data.moment}
              stageRef={stageRef}
              // In a watch-together room the room's clock starts the episode, where the room is (decision 0280).
              startsOnItsOwn={roomId === null || goneRoom === roomId}
              lowData={lowData !== null}
            />
          ) : (
            <VideoNotice source={source} title={`${title} — ${label}`} />
          )}
          {earlyStart ? (
            <EarlyStartScript start={earlyStart} viewer={earlyViewerOf(profile, adFlags, accountTimecodes, episode.id)} />
          ) : null}
        </div>
        {source.kind === "hls" && !ageConfirmationNeeded ? (
          <noscript>
            <p className="px-4 text-sm text-neutral-300 lg:px-0">{playerStrings.noScriptHint}</p>
          </noscript>
        ) : null}

        <header className={`space-y-2 px-4 ${theatre ? "mx-auto w-full max-w-[1600px]" : "lg:px-0"}`}>
          <h1 className="text-2xl font-bold">
            {title} <span className="text-neutral-300">— {label}</span>
          </h1>
          {episode.ordinal !== null && episode.name ? <p className="text-neutral-300">{episode.name}</p> : null}
          <nav aria-label={playerStrings.queue} className="flex flex-wrap gap-3 text-sm">
            {previous ? (
              <Link to={hrefFor(previous.id)} className="rounded border border-white/25 px-3 py-1.5 hover:bg-white/10" rel="prev">
                ← {playerStrings.previousEpisode}
              </Link>
            ) : null}
            {next ? (
              <Link to={hrefFor(next.id)} className="rounded border border-white/25 px-3 py-1.5 hover:bg-white/10" rel="next">
                {playerStrings.nextEpisode} →
              </Link>
            ) : null}
            {release ? (
              <Link to={releasePath(release.alias)} className="px-1 py-1.5 underline">
                {playerStrings.toRelease}
              </Link>
            ) : null}
            {data.bell ? <EpisodeBell bell={data.bell} tone="player" /> : null}
          </nav>
          {roomId === null ? watchTogether : null}
        </header>
        {roomId !== null && !roomBeside ? <div className="px-4 lg:px-0">{watchTogether}</div> : null}

        {adFlags.contentAds ? <div data-ad-slot="content" hidden /> : null}

        <div className={`px-4 ${theatre ? "mx-auto grid w-full max-w-[1600px] gap-4 lg:grid-cols-2 [&>*]:min-w-0" : "lg:px-0"}`}>
          {view === "queue" || theatre ? (
            <EpisodeQueue
              queue={queue}
              range={queueRange}
              releaseAlias={release?.alias ?? null}
              currentId={episode.id}
              hrefFor={hrefFor}
              store={store}
              serverPositions={serverPositions}
              headingId="player-queue"
            />
          ) : null}
          {source.kind === "hls" && !ageConfirmationNeeded ? (
            <SaveOffline episode={episode} release={release} onSave={keepSeekPreviewCode} />
          ) : null}
          <EpisodeDownloads downloads={downloads} hidden={root?.location?.parameters.shouldHideTorrents ?? false} />
        </div>
      </div>

      {view === "episode" && !theatre ? (
        <aside className="min-w-0 space-y-4 px-4 lg:px-0">
          {roomBeside ? watchTogether : null}
          <EpisodeQueue
            queue={queue}
            range={queueRange}
            releaseAlias={release?.alias ?? null}
            currentId={episode.id}
            hrefFor={hrefFor}
            store={store}
            serverPositions={serverPositions}
            headingId="player-queue"
          />
        </aside>
      ) : null}
    </div>
  );
  // Nothing plays behind the question: the stage stays empty until the viewer confirms.
  return (
    <AgeGate confirmed={!ageConfirmationNeeded} redirectTo={`${location.pathname}${location.search}`}>
      {page}
    </AgeGate>
  );
}
