// Posts the device fingerprint once after load (docs/product.md#calls: POST /api/v1/accounts/listing {pl, wtchd: null}).
// Every failure ends in null and is ignored (docs/product.md#errors); with FINGERPRINT_API_KEY the third-party agent runs too.
import { deviceHash, deviceSignals } from "./device-hash";
import { FINGERPRINT_TIMEOUT_MS } from "./fingerprint-timeout";

export const LISTING_PATH = "/api/v1/accounts/listing";

export async function postFingerprint(
  hash: string,
  fetcher: typeof fetch = fetch,
  timeoutMs = FINGERPRINT_TIMEOUT_MS,
): Promise<string | null> {
  try {
    const response = await fetcher(LISTING_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ pl: hash, wtchd: null }),
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Read to the end though unused: an unread body keeps the request open until the timeout aborts it, and
    // page-load measurements (Lighthouse) count it as a five-second request.
    await response.arrayBuffer();
    return response.ok ? hash : null;
  } catch {
    return null;
  }
}

/** Computes the hash in the browser and posts it; the answer is not used. Returns the posted hash or null. */
export async function reportDeviceFingerprint(options: { apiKey?: string | null } = {}): Promise<string | null> {
  try {
    if (!globalThis.crypto?.subtle) return null;
    const hash = await deviceHash(
      await deviceSignals({ navigator, screen, devicePixelRatio: window.devicePixelRatio, document }),
      crypto.subtle,
    );
    const { apiKey } = options;
    // The third-party agent's code is downloaded only where an operator configured it.
    if (apiKey) void import("./third-party-agent").then((agent) => agent.thirdPartyVisitorId(apiKey, hash)).catch(() => null);
    return await postFingerprint(hash);
  } catch {
    return null;
  }
}
