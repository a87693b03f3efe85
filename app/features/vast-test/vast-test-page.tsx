// The developer page of the video-ad SDK: the VAST chain from the API, a pre-roll in a test player, and every
// tracking event the VAST asks for, with the addresses it would be reported to.
import { useCallback, useEffect, useRef, useState } from "react";
import type { VastChainSource } from "./vast-chain.server";
import { vastStrings as strings } from "./strings";
import { isHlsMediaFile, parseVast, playableMediaFile, quartilesReached, skipOffsetSeconds, type VastAd, type VastChain, type VastMediaFile } from "./vast";

type ParsedChain = { status: "parsing" } | { status: "invalid" } | { status: "ready"; chain: VastChain };

type TrackedEvent = { id: number; event: string; at: number; urls: { url: string; sent: boolean }[] };

type PlayerPhase = "idle" | "ad" | "content" | "failed";

function useParsedChain(xml: string | null): ParsedChain {
  const [parsed, setParsed] = useState<ParsedChain>({ status: "parsing" });
  useEffect(() => {
    if (xml === null) return;
    const chain = parseVast(xml);
    setParsed(chain ? { status: "ready", chain } : { status: "invalid" });
  }, [xml]);
  return parsed;
}

/** Only http(s) addresses become links or requests (a VAST could carry `javascript:`). */
function httpUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** The VAST macros a test page can fill in. */
function expandMacros(url: string, errorCode: number | null): string {
  return url
    .replaceAll("[CACHEBUSTING]", String(Math.floor(Math.random() * 1e8)).padStart(8, "0"))
    .replaceAll("[TIMESTAMP]", encodeURIComponent(new Date().toISOString()))
    .replaceAll("[ERRORCODE]", String(errorCode ?? ""));
}

function urlsFor(ad: VastAd, event: string): string[] {
  if (event === "impression") return ad.impressions;
  if (event === "error") return ad.errors;
  if (event === "clickThrough") return ad.clickTracking;
  return ad.tracking.filter((tracking) => tracking.event === event).map((tracking) => tracking.url);
}

function useTracking(ad: VastAd | null) {
  const [events, setEvents] = useState<TrackedEvent[]>([]);
  const nextId = useRef(1);
  const fire = useCallback(
    (event: string, at: number, errorCode: number | null = null) => {
      if (!ad) return;
      const urls = urlsFor(ad, event).map((raw) => {
        const url = httpUrl(expandMacros(raw, errorCode));
        // The page's CSP allows requests to this site only: other trackers are listed, not called.
        const sameSite = url !== null && url.origin === window.location.origin;
        if (url && sameSite) void fetch(url, { credentials: "omit", keepalive: true }).catch(() => undefined);
        return { url: url?.toString() ?? raw, sent: sameSite };
      });
      const id = nextId.current++;
      setEvents((previous) => [...previous, { id, event, at, urls }]);
    },
    [ad],
  );
  return { events, fire };
}

async function attachSource(video: HTMLVideoElement, file: VastMediaFile): Promise<() => void> {
  const native = video.canPlayType("application/vnd.apple.mpegurl") !== "";
  if (!isHlsMediaFile(file) || native) {
    video.src = file.url;
    return () => video.removeAttribute("src");
  }
  const { default: Hls } = await import("hls.js/light");
  const hls = new Hls();
  hls.loadSource(file.url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

function PreRollPlayer({ ad, fire }: { ad: VastAd | null; fire: (event: string, at: number, errorCode?: number | null) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<PlayerPhase>("idle");
  const [media, setMedia] = useState<VastMediaFile | null>(null);
  const [position, setPosition] = useState(0);
  const started = useRef(false);
  const reported = useRef(new Set<string>());
  const muted = useRef(false);

  useEffect(() => {
    if (!ad || !video.current) return;
    setMedia(playableMediaFile(ad.mediaFiles, (type) => video.current?.canPlayType(type) ?? "", typeof MediaSource !== "undefined"));
  }, [ad]);

  useEffect(() => {
    const element = video.current;
    if (phase !== "ad" || !element || !media) return;
    let detach: (() => void) | null = null;
    let cancelled = false;
    void attachSource(element, media).then((cleanup) => {
      if (cancelled) return cleanup();
      detach = cleanup;
      element.play().catch(() => undefined);
    });
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [phase, media]);

  const finish = (event: "complete" | "skip") => {
    fire(event, video.current?.currentTime ?? 0);
    video.current?.pause();
    setPhase("content");
  };

  const duration = ad?.durationSeconds ?? null;
  const skipAt = skipOffsetSeconds(ad?.skipOffset ?? null, duration);
  const clickThrough = httpUrl(ad?.clickThrough ?? null);

  const start = () => {
    if (!ad || !media) {
      setPhase("content");
      return;
    }
    started.current = false;
    reported.current = new Set();
    setPosition(0);
    setPhase("ad");
  };

  return (
    <div>
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a test creative; VAST publishes no caption tracks */}
        <video
          ref={video}
          className={phase === "ad" ? "h-full w-full" : "hidden"}
          playsInline
          controls
          aria-label={strings.adLabel}
          data-testid="vast-video"
          onPlay={(event) => {
            const at = event.currentTarget.currentTime;
            if (!started.current) {
              started.current = true;
              fire("impression", at);
              fire("creativeView", at);
              fire("start", at);
            } else fire("resume", at);
          }}
          onPause={(event) => {
            if (!event.currentTarget.ended && phase === "ad" && started.current) fire("pause", event.currentTarget.currentTime);
          }}
          onTimeUpdate={(event) => {
            const { currentTime } = event.currentTarget;
            setPosition(currentTime);
            const total = Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : (duration ?? 0);
            for (const quartile of quartilesReached(currentTime, total)) {
              if (reported.current.has(quartile)) continue;
              reported.current.add(quartile);
              fire(quartile, currentTime);
            }
          }}
          onVolumeChange={(event) => {
            if (event.currentTarget.muted === muted.current) return;
            muted.current = event.currentTarget.muted;
            fire(muted.current ? "mute" : "unmute", event.currentTarget.currentTime);
          }}
          onEnded={() => finish("complete")}
          onError={() => {
            if (phase !== "ad") return;
            // VAST error 405: the file could not be played.
            fire("error", 0, 405);
            setPhase("failed");
          }}
        />
        {phase !== "ad" ? (
          <div className="flex h-full items-center justify-center p-6 text-center text-white">
            {phase === "idle" ? (
              <button type="button" onClick={start} className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-black hover:opacity-90">
                {strings.play}
              </button>
            ) : (
              <p role="status">{phase === "failed" ? strings.mediaFailed : ad && media ? strings.contentStarted : strings.noAdContent}</p>
            )}
          </div>
        ) : null}
      </div>
      {phase === "ad" ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <span className="rounded bg-[#FE3635] px-2 py-1 text-xs font-semibold text-white">{strings.adLabel}</span>
          {clickThrough ? (
            <a
              href={clickThrough.toString()}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => fire("clickThrough", video.current?.currentTime ?? 0)}
              className="text-sm underline-offset-4 hover:underline"
            >
              {strings.learnMore}
            </a>
          ) : null}
          {skipAt !== null ? (
            position >= skipAt ? (
              <button type="button" onClick={() => finish("skip")} className="rounded-md border border-line px-3 py-1 text-sm font-semibold hover:bg-surface-raised">
                {strings.skip}
              </button>
            ) : (
              <span className="text-sm text-muted">{strings.skipIn(Math.ceil(skipAt - position))}</span>
            )
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function AdDescription({ ad, index }: { ad: VastAd; index: number }) {
  return (
    <li className="rounded-lg border border-line p-4">
      <h3 className="font-semibold">{strings.ad(index, ad.id)}</h3>
      <p className="text-sm text-muted">
        {[ad.system, ad.title].filter(Boolean).join(" · ")} — {ad.kind === "inline" ? strings.inline : strings.wrapper(ad.wrapperUri ?? "—")}
      </p>
      {ad.durationSeconds !== null ? <p className="text-sm">{strings.duration(ad.durationSeconds)}</p> : null}
      {ad.skipOffset ? <p className="text-sm">{strings.skippable(ad.skipOffset)}</p> : null}
      {ad.mediaFiles.length > 0 ? (
        <>
          <h4 className="mt-2 text-sm font-semibold">{strings.mediaFiles}</h4>
          <ul className="text-sm text-muted">
            {ad.mediaFiles.map((file) => (
              <li key={file.url} className="break-all">
                {file.type || file.delivery} {file.width && file.height ? `${file.width}×${file.height}` : ""} {file.url}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

function EventLog({ events }: { events: TrackedEvent[] }) {
  if (events.length === 0) return <p className="text-muted">{strings.eventsEmpty}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="vast-events">
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-2 pr-4">
            {strings.eventColumn}
          </th>
          <th scope="col" className="py-2 pr-4">
            {strings.timeColumn}
          </th>
          <th scope="col" className="py-2">
            {strings.urlsColumn}
          </th>
        </tr>
      </thead>
      <tbody>
        {events.map((entry) => (
          <tr key={entry.id} className="border-b border-line align-top">
            <td className="py-2 pr-4 font-mono">{entry.event}</td>
            <td className="py-2 pr-4">{entry.at.toFixed(1)} с</td>
            <td className="py-2">
              {entry.urls.length === 0 ? (
                <span className="text-muted">{strings.noUrls}</span>
              ) : (
                <ul>
                  {entry.urls.map((url, index) => (
                    <li key={`${url.url}-${index}`} className="break-all">
                      {url.url} <span className="text-muted">({url.sent ? strings.sent : strings.notSent})</span>
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function VastTestPage({ source }: { source: VastChainSource }) {
  const parsed = useParsedChain(source.xml);
  const chain = parsed.status === "ready" ? parsed.chain : null;
  const preRoll = chain?.ads.find((ad) => ad.kind === "inline" && ad.mediaFiles.length > 0) ?? null;
  const { events, fire } = useTracking(preRoll);

  return (
    <article className="space-y-8">
      <div>
        <p role="note" className="mb-3 rounded-md border border-[#FE3635] px-3 py-2 text-sm">
          {strings.developerBadge}
        </p>
        <h1 className="text-2xl font-bold md:text-3xl">{strings.title}</h1>
        <p className="mt-2 text-muted">{strings.description}</p>
      </div>

      <section aria-labelledby="vast-chain" className="space-y-3">
        <h2 id="vast-chain" className="text-xl font-semibold">
          {strings.chainTitle}
        </h2>
        <p className="text-sm text-muted">{strings.source}</p>
        {source.problem !== null ? (
          <p role="alert">{strings.unavailable(source.problem)}</p>
        ) : parsed.status === "parsing" ? (
          <p role="status">{strings.parsing}</p>
        ) : parsed.status === "invalid" ? (
          <p role="alert">{strings.parseFailed}</p>
        ) : (
          <>
            {parsed.chain.version ? <p className="text-sm">{strings.version(parsed.chain.version)}</p> : null}
            {parsed.chain.ads.length === 0 ? (
              <p data-testid="vast-empty">{strings.empty}</p>
            ) : (
              <ol className="space-y-3">
                {parsed.chain.ads.map((ad, index) => (
                  <AdDescription key={`${ad.id}-${index}`} ad={ad} index={index + 1} />
                ))}
              </ol>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="vast-player" className="space-y-3">
        <h2 id="vast-player" className="text-xl font-semibold">
          {strings.playerTitle}
        </h2>
        {chain && preRoll === null && chain.ads.length > 0 ? <p>{strings.noPlayableMedia}</p> : null}
        {chain ? <PreRollPlayer ad={preRoll} fire={fire} /> : null}
      </section>

      <section aria-labelledby="vast-events" className="space-y-3">
        <h2 id="vast-events" className="text-xl font-semibold">
          {strings.eventsTitle}
        </h2>
        <EventLog events={events} />
      </section>
    </article>
  );
}
