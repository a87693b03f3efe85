// The third-party fingerprint service (docs/product.md#calls), only when FINGERPRINT_API_KEY is configured: FingerprintJS Pro's
// browser agent from its CDN, given our own hash as `linkedId`. Any failure or a slow answer gives null.
import { FINGERPRINT_TIMEOUT_MS } from "./fingerprint-timeout";

export const THIRD_PARTY_AGENT_URL = "https://fpjscdn.net/v3/";

type ThirdPartyAgent = { load(): Promise<{ get(options?: { linkedId?: string }): Promise<{ visitorId: string }> }> };

export async function thirdPartyVisitorId(
  apiKey: string,
  linkedId: string,
  loadAgent: (url: string) => Promise<ThirdPartyAgent> = (url) => import(/* @vite-ignore */ url) as Promise<ThirdPartyAgent>,
  timeoutMs = FINGERPRINT_TIMEOUT_MS,
): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const visitor = (async () => {
    const agent = await loadAgent(`${THIRD_PARTY_AGENT_URL}${encodeURIComponent(apiKey)}`);
    const client = await agent.load();
    const result = await client.get({ linkedId });
    return result.visitorId;
  })().catch(() => null);
  try {
    return await Promise.race([visitor, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
