// The player's pre-roll as the browser gets it: the server's VAST documents (GET /ads/pre-roll), parsed here.
import { sendTrackingUrls } from "./use-vast-ad";
import { parseVast, preRollOfChain, type VastAd, type VastChain } from "./vast";

export const PRE_ROLL_PATH = "/ads/pre-roll";
export type PreRollAnswer = { documents: string[] };
// VAST error 303: the chain (after its wrappers) had no ad to play.
const ERROR_NO_AD_AFTER_WRAPPERS = 303;

function documentsOf(body: unknown): string[] | null {
  const documents = (body as Partial<PreRollAnswer> | null)?.documents;
  return Array.isArray(documents) && documents.every((document) => typeof document === "string") ? documents : null;
}

/** The ad to play before the episode, or null: none configured, none in the chain, or a chain that does not parse. */
export async function fetchPreRoll(signal: AbortSignal, sendsTo: (url: URL) => boolean): Promise<VastAd | null> {
  const response = await fetch(PRE_ROLL_PATH, { signal, headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!response.ok) return null;
  const documents = documentsOf(await response.json());
  if (!documents || documents.length === 0) return null;
  const chains = documents.map((xml) => parseVast(xml));
  if (chains.some((chain) => chain === null)) return null;
  const parsed = chains as VastChain[];
  const ad = preRollOfChain(parsed);
  if (!ad) {
    const errorUrls = parsed.flatMap((chain) => [...chain.errors, ...chain.ads.flatMap((item) => item.errors)]);
    sendTrackingUrls(errorUrls, ERROR_NO_AD_AFTER_WRAPPERS, sendsTo);
  }
  return ad;
}
