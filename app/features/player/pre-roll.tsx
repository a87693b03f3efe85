// The pre-roll over the player: the ad in its own <video>, its label, the click-through, sound and skip.
import { adStrings } from "~/features/ads/strings";
import { AD_START_TIMEOUT_MS, useVastAd, type AdEnd } from "~/features/ads/use-vast-ad";
import type { VastAd } from "~/features/ads/vast";
import { Icon } from "./icons";
import { anyTracker } from "./use-pre-roll";

/** A pre-roll without a skip offset may be skipped after this many seconds. */
export const DEFAULT_SKIP_SECONDS = 5;

// Compact on phones, where the stage is about 220 px tall and the ad must stay visible between the controls.
const OVERLAY_BUTTON =
  "inline-flex min-h-9 items-center justify-center rounded bg-black/75 px-3 text-xs font-semibold text-white ring-1 ring-white/40 hover:bg-black/90 sm:min-h-11 sm:px-4 sm:text-sm";

type Props = { ad: VastAd | null | undefined; onImpression(): void; onEnd(end: AdEnd): void };

export function PreRoll({ ad, onImpression, onEnd }: Props) {
  const playback = useVastAd({
    ad,
    active: true,
    startTimeoutMs: AD_START_TIMEOUT_MS,
    defaultSkipSeconds: DEFAULT_SKIP_SECONDS,
    sendsTo: anyTracker,
    onEvent: (event) => event === "impression" && onImpression(),
    onEnd,
  });
  const { started, skipAt, canSkip, position, clickThrough, muted } = playback;

  return (
    <section className="absolute inset-0 z-40 bg-black" aria-label={adStrings.adLabel} data-pre-roll={started ? "playing" : "loading"}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- ad creatives come without caption tracks */}
      <video
        ref={playback.videoRef}
        className="h-full w-full"
        playsInline
        preload="auto"
        aria-label={adStrings.adLabel}
        {...playback.videoHandlers}
      />
      <p className="sr-only" role="status">
        {!started ? adStrings.loading : canSkip ? adStrings.skippable : adStrings.started(skipAt)}
      </p>
      <div className="absolute inset-x-3 top-3 flex flex-wrap items-start justify-between gap-2">
        <p className="flex items-center gap-2 text-sm" aria-hidden="true">
          <span className="rounded bg-[#FE3635] px-2 py-1 text-xs font-semibold text-white">{adStrings.adLabel}</span>
          {started ? null : <span className="rounded bg-black/75 px-2 py-1">{adStrings.loading}</span>}
        </p>
        {clickThrough && started ? (
          <a
            href={clickThrough.toString()}
            target="_blank"
            rel="noopener noreferrer"
            onClick={playback.onClickThrough}
            className={OVERLAY_BUTTON}
          >
            {adStrings.learnMore}
          </a>
        ) : null}
      </div>
      {started ? (
        <div className="absolute inset-x-3 bottom-3 flex flex-wrap items-end justify-between gap-2">
          <button
            type="button"
            onClick={playback.toggleMute}
            className={`${OVERLAY_BUTTON} w-9 px-0 sm:w-11 sm:px-0`}
            aria-label={muted ? adStrings.unmute : adStrings.mute}
            title={muted ? adStrings.unmute : adStrings.mute}
          >
            <Icon name={muted ? "muted" : "volume"} className="h-5 w-5" />
          </button>
          {canSkip ? (
            <button type="button" onClick={playback.skip} className={OVERLAY_BUTTON}>
              {adStrings.skip}
            </button>
          ) : skipAt !== null ? (
            <span className="rounded bg-black/75 px-3 py-2 text-xs sm:text-sm" aria-hidden="true">
              {adStrings.skipIn(Math.max(1, Math.ceil(skipAt - position)))}
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
