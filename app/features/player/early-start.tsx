// The inline script that starts the episode's stream before the page hydrates (decision 0235), and whether a player
// page has one: the route's handle and the page decide from the same data.
import { inlineJson } from "~/components/inline-json";
import type { EarlyStartSignal } from "~/framework/module-preloads";
import { useNonce } from "~/components/nonce-provider";
import type { Profile, TimecodeEntry } from "~/domain/account";
import { masterPlaylistPath } from "~/domain/site-paths";
import {
  EARLY_ENGINE_SETTLED_ATTRIBUTE,
  EARLY_ENGINE_SETTLED_EVENT,
  type EarlyEnginePlan,
  type EarlyViewer,
} from "~/features/video-engine/early-engine";
import type { AdFlags } from "~/domain/ad-slots";
import { videoSourceOf, type PlayerPageData } from "~/features/video-engine/player-data";

export const EARLY_START_SIGNAL: EarlyStartSignal = { event: EARLY_ENGINE_SETTLED_EVENT, attribute: EARLY_ENGINE_SETTLED_ATTRIBUTE };

/** `engineChunks`: the early engine's entry first, then the chunks it imports. The viewer comes from the root's data. */
export type EarlyStart = { hlsChunk: string; engineChunks: readonly string[]; plan: Omit<EarlyEnginePlan, "viewer"> };

/** The page's early start: only where the player will play HLS at once (no age question first) from its start. */
export function earlyStartOf(data: PlayerPageData | undefined): EarlyStart | null {
  if (!data || data.ageConfirmationNeeded) return null;
  const { hlsChunk, earlyEngineChunks } = data.preloads;
  if (!hlsChunk || earlyEngineChunks.length === 0 || videoSourceOf(data.episode, data.release).kind !== "hls") return null;
  const { episode } = data;
  return {
    hlsChunk,
    engineChunks: earlyEngineChunks,
    plan: {
      episodeId: episode.id,
      duration: episode.duration,
      renditions: episode.renditions,
      masterUrl: masterPlaylistPath(episode.id),
      mirrors: data.mediaMirrors,
      moment: data.moment,
    },
  };
}

/** The viewer as the early start needs them: ad flags, and the account's own position on this episode. */
export function earlyViewerOf(
  profile: Pick<Profile, "id"> | null,
  adFlags: AdFlags,
  accountTimecodes: readonly TimecodeEntry[] | null,
  episodeId: string,
): EarlyViewer {
  const timecodes = (accountTimecodes ?? []).filter((entry) => entry.releaseEpisodeId === episodeId);
  return { adFlags, account: profile ? { id: profile.id, timecodes } : null };
}

/** The script's text: hls.js and the early engine as modules of their own, nothing else. */
export function earlyStartScript({ hlsChunk, engineChunks, plan }: EarlyStart, viewer: EarlyViewer): string {
  return `import Hls from ${inlineJson(hlsChunk)};
import { startEarlyEngine } from ${inlineJson(engineChunks[0])};
startEarlyEngine(Hls, ${inlineJson({ ...plan, viewer })});`;
}

/**
 * Comes right after the episode's `<video>`. On a later navigation React renders it too, but a script React adds does
 * not run: that episode's player attaches its stream as it mounts.
 */
export function EarlyStartScript({ start, viewer }: { start: EarlyStart; viewer: EarlyViewer }) {
  const nonce = useNonce();
  return (
    // The browser hides a nonce from the page once the element is in the document: the attribute differs by design.
    <script
      type="module"
      async
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: earlyStartScript(start, viewer) }}
    />
  );
}
