// The developer page of the video-ad SDK: the VAST chain from the API, a pre-roll in a test player, and every
// tracking event the VAST asks for, with the addresses it would be reported to.
import { useCallback, useEffect, useRef, useState } from "react";
import type { VastChainSource } from "~/features/ads/vast-chain.server";
import { adStrings } from "~/features/ads/strings";
import { useVastAd, type AdEnd, type SentBeacon } from "~/features/ads/use-vast-ad";
import { parseVast, preRollAd, type VastAd, type VastChain } from "~/features/ads/vast";
import { vastStrings as strings } from "./strings";

type ParsedChain = { status: "parsing" } | { status: "invalid" } | { status: "ready"; chain: VastChain };

type TrackedEvent = { id: number; event: string; at: number; urls: SentBeacon[] };

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

// The page's CSP allows requests to this site only: other trackers are listed, not called.
const sameSiteOnly = (url: URL) => url.origin === window.location.origin;

function useEventLog() {
  const [events, setEvents] = useState<TrackedEvent[]>([]);
  const nextId = useRef(1);
  const record = useCallback((event: string, at: number, urls: SentBeacon[], errorCode: number | null) => {
    const id = nextId.current++;
    setEvents((previous) => [...previous, { id, event: errorCode === null ? event : `${event} ${errorCode}`, at, urls }]);
  }, []);
  return { events, record };
}

function PreRollPlayer({
  ad,
  record,
}: {
  ad: VastAd | null;
  record: (event: string, at: number, urls: SentBeacon[], errorCode: number | null) => void;
}) {
  const [phase, setPhase] = useState<PlayerPhase>("idle");
  const playback = useVastAd({
    ad,
    active: phase === "ad",
    // A developer watches a slow start here rather than have it given up as the player does.
    startTimeoutMs: null,
    defaultSkipSeconds: null,
    sendsTo: sameSiteOnly,
    onEvent: record,
    onEnd: (end: AdEnd) => setPhase(end === "failed" ? "failed" : "content"),
  });
  const { skipAt, position, clickThrough } = playback;

  return (
    <div>
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a test creative; VAST publishes no caption tracks */}
        <video
          ref={playback.videoRef}
          className={phase === "ad" ? "h-full w-full" : "hidden"}
          playsInline
          controls
          aria-label={adStrings.adLabel}
          data-testid="vast-video"
          {...playback.videoHandlers}
        />
        {phase !== "ad" ? (
          <div className="flex h-full items-center justify-center p-6 text-center text-white">
            {phase === "idle" ? (
              <button
                type="button"
                onClick={() => setPhase("ad")}
                className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-black hover:opacity-90"
              >
                {strings.play}
              </button>
            ) : (
              <p role="status">{phase === "failed" ? strings.mediaFailed : ad ? strings.contentStarted : strings.noAdContent}</p>
            )}
          </div>
        ) : null}
      </div>
      {phase === "ad" ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <span className="rounded bg-[#FE3635] px-2 py-1 text-xs font-semibold text-white">{adStrings.adLabel}</span>
          {clickThrough ? (
            <a
              href={clickThrough.toString()}
              target="_blank"
              rel="noopener noreferrer"
              onClick={playback.onClickThrough}
              className="text-sm underline-offset-4 hover:underline"
            >
              {adStrings.learnMore}
            </a>
          ) : null}
          {skipAt !== null ? (
            playback.canSkip ? (
              <button
                type="button"
                onClick={playback.skip}
                className="rounded-md border border-line px-3 py-1 text-sm font-semibold hover:bg-surface-raised"
              >
                {adStrings.skip}
              </button>
            ) : (
              <span className="text-sm text-muted">{adStrings.skipIn(Math.max(1, Math.ceil(skipAt - position)))}</span>
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
        {[ad.system, ad.title].filter(Boolean).join(" · ")} —{" "}
        {ad.kind === "inline" ? strings.inline : strings.wrapper(ad.wrapperUri ?? "—")}
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
  const preRoll = chain ? preRollAd(chain) : null;
  const { events, record } = useEventLog();

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
        {chain ? <PreRollPlayer ad={preRoll} record={record} /> : null}
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
