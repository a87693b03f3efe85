// Reads a VAST 2–4 document (the ad chain) into plain data: ads, their media files and tracking addresses.
// Runs in the browser (DOMParser); XML never reaches the markup as HTML.

export type VastTracking = { event: string; offset: string | null; url: string };
export type VastMediaFile = { url: string; type: string; delivery: string; width: number | null; height: number | null };
export type VastAd = {
  id: string;
  sequence: number | null;
  kind: "inline" | "wrapper";
  system: string;
  title: string;
  wrapperUri: string | null;
  durationSeconds: number | null;
  skipOffset: string | null;
  mediaFiles: VastMediaFile[];
  impressions: string[];
  errors: string[];
  tracking: VastTracking[];
  clickThrough: string | null;
  clickTracking: string[];
};
export type VastChain = { version: string | null; ads: VastAd[]; errors: string[] };

function children(parent: Element, name: string): Element[] {
  return Array.from(parent.children).filter((child) => child.localName === name);
}

function descendants(parent: Element, name: string): Element[] {
  return Array.from(parent.getElementsByTagName(name));
}

function text(element: Element | undefined | null): string {
  return element?.textContent?.trim() ?? "";
}

function texts(elements: Element[]): string[] {
  return elements.map((element) => text(element)).filter((value) => value !== "");
}

/** `HH:MM:SS(.mmm)` → seconds; null when malformed. */
export function parseVastTime(value: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2}):(\d{2}(?:\.\d{1,3})?)$/.exec(value?.trim() ?? "");
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** A skip offset is a time or a percentage of the duration; seconds from the start, or null. */
export function skipOffsetSeconds(offset: string | null, durationSeconds: number | null): number | null {
  if (!offset) return null;
  const percent = /^(\d{1,3}(?:\.\d+)?)%$/.exec(offset.trim());
  if (percent) return durationSeconds === null ? null : (Number(percent[1]) / 100) * durationSeconds;
  return parseVastTime(offset);
}

function readAd(ad: Element): VastAd | null {
  const inline = children(ad, "InLine")[0];
  const wrapper = children(ad, "Wrapper")[0];
  const body = inline ?? wrapper;
  if (!body) return null;
  const linear = descendants(body, "Linear")[0];
  const sequence = Number(ad.getAttribute("sequence"));
  return {
    id: ad.getAttribute("id") ?? "",
    sequence: Number.isFinite(sequence) && ad.hasAttribute("sequence") ? sequence : null,
    kind: inline ? "inline" : "wrapper",
    system: text(children(body, "AdSystem")[0]),
    title: text(children(body, "AdTitle")[0]),
    wrapperUri: wrapper ? text(children(wrapper, "VASTAdTagURI")[0]) || null : null,
    durationSeconds: linear ? parseVastTime(text(children(linear, "Duration")[0])) : null,
    skipOffset: linear?.getAttribute("skipoffset") ?? null,
    mediaFiles: linear
      ? descendants(linear, "MediaFile")
          .map((file) => ({
            url: text(file),
            type: file.getAttribute("type") ?? "",
            delivery: file.getAttribute("delivery") ?? "progressive",
            width: Number(file.getAttribute("width")) || null,
            height: Number(file.getAttribute("height")) || null,
          }))
          .filter((file) => file.url !== "")
      : [],
    impressions: texts(children(body, "Impression")),
    errors: texts(children(body, "Error")),
    tracking: linear
      ? descendants(linear, "Tracking")
          .map((tracking) => ({
            event: tracking.getAttribute("event") ?? "",
            offset: tracking.getAttribute("offset"),
            url: text(tracking),
          }))
          .filter((tracking) => tracking.event !== "" && tracking.url !== "")
      : [],
    clickThrough: linear ? text(descendants(linear, "ClickThrough")[0]) || null : null,
    clickTracking: linear ? texts(descendants(linear, "ClickTracking")) : [],
  };
}

/** Null when the text is not a VAST document. */
export function parseVast(xml: string, parser: DOMParser = new DOMParser()): VastChain | null {
  const document = parser.parseFromString(xml, "application/xml");
  const root = document.documentElement;
  if (!root || root.localName !== "VAST" || document.getElementsByTagName("parsererror").length > 0) return null;
  const ads = children(root, "Ad")
    .map(readAd)
    .filter((ad): ad is VastAd => ad !== null)
    .sort((a, b) => (a.sequence ?? Number.MAX_SAFE_INTEGER) - (b.sequence ?? Number.MAX_SAFE_INTEGER));
  return { version: root.getAttribute("version"), ads, errors: texts(children(root, "Error")) };
}

const HLS_TYPES = /^application\/(x-mpegurl|vnd\.apple\.mpegurl)$/i;

export function isHlsMediaFile(file: VastMediaFile): boolean {
  return file.delivery === "streaming" || HLS_TYPES.test(file.type) || /\.m3u8(\?|$)/i.test(file.url);
}

/** The first file the browser plays: progressive files it supports first, then HLS (natively or through hls.js). */
export function playableMediaFile(
  files: readonly VastMediaFile[],
  canPlayType: (type: string) => string,
  hlsSupported: boolean,
): VastMediaFile | null {
  const progressive = files.find((file) => !isHlsMediaFile(file) && file.type !== "" && canPlayType(file.type) !== "");
  if (progressive) return progressive;
  return files.find((file) => isHlsMediaFile(file) && (hlsSupported || canPlayType("application/vnd.apple.mpegurl") !== "")) ?? null;
}

/** The quartile events due at `current` seconds of `duration`, in order. */
export function quartilesReached(current: number, duration: number): string[] {
  if (!(duration > 0)) return [];
  const progress = current / duration;
  return [
    [0.25, "firstQuartile"],
    [0.5, "midpoint"],
    [0.75, "thirdQuartile"],
  ]
    .filter(([share]) => progress >= (share as number))
    .map(([, event]) => event as string);
}

/** Fills in the VAST macros a player knows; the rest stay as they are. */
export function expandVastMacros(
  url: string,
  errorCode: number | null,
  random: () => number = Math.random,
  now: Date = new Date(),
): string {
  return url
    .replaceAll("[CACHEBUSTING]", String(Math.floor(random() * 1e8)).padStart(8, "0"))
    .replaceAll("[TIMESTAMP]", encodeURIComponent(now.toISOString()))
    .replaceAll("[ERRORCODE]", String(errorCode ?? ""));
}

/** The addresses a VAST asks to be told of `event` (impression, error, clickThrough or a Linear tracking event). */
export function trackingUrls(ad: VastAd, event: string): string[] {
  if (event === "impression") return ad.impressions;
  if (event === "error") return ad.errors;
  if (event === "clickThrough") return ad.clickTracking;
  return ad.tracking.filter((tracking) => tracking.event === event).map((tracking) => tracking.url);
}

/** The first InLine ad with a file to play: the pre-roll. */
export function preRollAd(chain: VastChain): VastAd | null {
  return chain.ads.find((ad) => ad.kind === "inline" && ad.mediaFiles.length > 0) ?? null;
}

/**
 * The pre-roll of a wrapper chain (outermost document first): the last document's InLine ad, which also
 * reports to every wrapper's impression, error, tracking and click addresses, as VAST requires.
 */
export function preRollOfChain(chains: readonly VastChain[]): VastAd | null {
  const last = chains[chains.length - 1];
  const inline = last ? preRollAd(last) : null;
  if (!inline) return null;
  const wrappers = chains.slice(0, -1).flatMap((chain) => chain.ads.filter((ad) => ad.kind === "wrapper").slice(0, 1));
  return wrappers.reduce<VastAd>(
    (ad, wrapper) => ({
      ...ad,
      impressions: [...wrapper.impressions, ...ad.impressions],
      errors: [...wrapper.errors, ...ad.errors],
      tracking: [...wrapper.tracking, ...ad.tracking],
      clickTracking: [...wrapper.clickTracking, ...ad.clickTracking],
    }),
    inline,
  );
}
