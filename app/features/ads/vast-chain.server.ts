// Fetches VAST documents on the server: the API's chain for the developer page, and the player's pre-roll
// (the operator's VAST_URL, the API's chain on the embedded API, or the first campaign of a live API's `/media/vasts`,
// decision 0253) with its wrappers followed (decision 0150).
import { apiContext } from "~/.server/api/context";
import { isUpstreamError } from "~/.server/api/errors";
import { callsOf } from "~/.server/api/handle";
import { sendUpstream } from "~/.server/api/request";
import { getEnv, type VastTag } from "~/.server/env.server";
import { logWarn } from "~/.server/log.server";
import {
  fetchWithCheckedHops,
  OPERATOR_CONFIGURED_HOP,
  OutboundRefusedError,
  PUBLIC_HTTPS_HOPS,
  withBodyCap,
  type HopPolicy,
} from "~/.server/outbound-fetch.server";
import { expandVastMacros } from "./vast";

export const VAST_CHAIN_PATH = "/ads/vasts/chain";
/** A VAST document is a few KB; the read stops here (decision 0248). */
const MAX_VAST_BYTES = 256 * 1024;
/** Redirects followed per document, each target checked again like a wrapper's. */
const MAX_VAST_REDIRECTS = 2;
/** The whole pre-roll lookup, wrappers included; the player gives up on the ad at 3 s anyway. */
export const PRE_ROLL_LOOKUP_TIMEOUT_MS = 2_500;
/** The tag plus at most three wrappers, as VAST players commonly allow. */
const MAX_CHAIN_DOCUMENTS = 4;

export type VastChainSource = { xml: string; problem: null } | { xml: null; problem: string };

async function readApiChain(request: Request, timeout: "optional" | number): Promise<VastChainSource> {
  try {
    const context = apiContext(request, { timeout: "optional", token: null });
    const { response } = await sendUpstream(typeof timeout === "number" ? { ...context, timeoutMs: timeout } : context, {
      path: VAST_CHAIN_PATH,
      headers: { Accept: "application/xml, text/xml" },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { xml: null, problem: `HTTP ${response.status}` };
    }
    return { xml: await (await withBodyCap(response, MAX_VAST_BYTES)).text(), problem: null };
  } catch (error) {
    if (isUpstreamError(error) || error instanceof OutboundRefusedError) return { xml: null, problem: error.message };
    throw error;
  }
}

export function loadVastChain(request: Request): Promise<VastChainSource> {
  return readApiChain(request, "optional");
}

/** Which addresses the chain may reach: the operator's tag as configured, then only what `nextHops` allows. */
export type VastHops = { tag: HopPolicy; nextHops: HopPolicy };
const PRODUCTION_HOPS: VastHops = { tag: OPERATOR_CONFIGURED_HOP, nextHops: PUBLIC_HTTPS_HOPS };

async function readRemoteDocument(
  url: string,
  firstHop: HopPolicy,
  nextHops: HopPolicy,
  signal: AbortSignal,
  request: Request,
): Promise<string> {
  const userAgent = request.headers.get("user-agent");
  const response = await fetchWithCheckedHops(url, {
    signal,
    maxBytes: MAX_VAST_BYTES,
    firstHop,
    nextHops,
    maxRedirects: MAX_VAST_REDIRECTS,
    // Ad servers pick and count the ad per viewer.
    headers: { Accept: "application/xml, text/xml", ...(userAgent ? { "User-Agent": userAgent } : {}) },
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`${new URL(url).host}: HTTP ${response.status}`);
  }
  return response.text();
}

const WRAPPER_TAG_URI = /<VASTAdTagURI[^>]*>\s*(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))\s*<\/VASTAdTagURI>/i;

/**
 * Where a document without an InLine ad sends the player next. The browser parses the documents properly;
 * here only the next address is needed. Whether it may be fetched (https, a public address) is the hop
 * policy's to decide, at connection time (the ad network names it, not the operator).
 */
export function nextWrapperUri(xml: string): string | null {
  if (/<InLine[\s>]/i.test(xml)) return null;
  const match = WRAPPER_TAG_URI.exec(xml);
  const raw = (match?.[1] ?? match?.[2]?.replaceAll("&amp;", "&") ?? "").trim();
  if (!raw) return null;
  try {
    const url = new URL(expandVastMacros(raw, null));
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A live API's pre-roll: the tag of its first campaign with an https tag (the list is the upstream's order). */
async function campaignTagUrl(request: Request): Promise<string | null> {
  const campaigns = await callsOf(apiContext(request, { timeout: "optional" })).media.vastCampaigns();
  return campaigns.find((campaign) => campaign.tagUrl !== null)?.tagUrl ?? null;
}

/**
 * The pre-roll's VAST documents, outermost first (the tag, then each wrapper's target); empty when no tag
 * is configured or the lookup fails or runs out of time — the episode then starts without an ad.
 */
export async function loadPreRollChain(
  request: Request,
  tag: VastTag = getEnv().vastTag,
  hops: VastHops = PRODUCTION_HOPS,
): Promise<string[]> {
  if (!tag) return [];
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(PRE_ROLL_LOOKUP_TIMEOUT_MS)]);
  const documents: string[] = [];
  try {
    let xml: string | null;
    if (tag.kind === "api") xml = (await readApiChain(request, PRE_ROLL_LOOKUP_TIMEOUT_MS)).xml;
    else if (tag.kind === "url") xml = await readRemoteDocument(expandVastMacros(tag.url, null), hops.tag, hops.nextHops, signal, request);
    else {
      // A campaign's tag comes from the upstream, not the operator: it is checked like any later hop.
      const tagUrl = await campaignTagUrl(request);
      xml = tagUrl ? await readRemoteDocument(expandVastMacros(tagUrl, null), hops.nextHops, hops.nextHops, signal, request) : null;
    }
    while (xml !== null) {
      documents.push(xml);
      const next = documents.length < MAX_CHAIN_DOCUMENTS ? nextWrapperUri(xml) : null;
      xml = next ? await readRemoteDocument(next, hops.nextHops, hops.nextHops, signal, request) : null;
    }
  } catch (error) {
    logWarn("pre-roll lookup failed", { reason: error instanceof Error ? error.message : String(error), documents: documents.length });
  }
  return documents;
}
