// Fetches the VAST chain from the API for the developer page; a failure is shown on the page, not as an error page.
import { apiContext } from "~/.server/api/context";
import { isUpstreamError } from "~/.server/api/errors";
import { sendUpstream } from "~/.server/api/request";

export const VAST_CHAIN_PATH = "/ads/vasts/chain";
const MAX_VAST_CHARS = 200_000;

export type VastChainSource = { xml: string; problem: null } | { xml: null; problem: string };

export async function loadVastChain(request: Request): Promise<VastChainSource> {
  try {
    const { response } = await sendUpstream(apiContext(request, { timeout: "optional", token: null }), { path: VAST_CHAIN_PATH, headers: { Accept: "application/xml, text/xml" } });
    const xml = await response.text();
    if (!response.ok) return { xml: null, problem: `HTTP ${response.status}` };
    if (xml.length > MAX_VAST_CHARS) return { xml: null, problem: `ответ больше ${MAX_VAST_CHARS} символов` };
    return { xml, problem: null };
  } catch (error) {
    if (isUpstreamError(error)) return { xml: null, problem: error.message };
    throw error;
  }
}
