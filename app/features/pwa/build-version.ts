// Whether the server now runs a newer build than this page (docs/product.md#states, #calls: the app polls for the latest build id).
// Remix answers its route-discovery endpoint with 204 + X-Remix-Reload-Document when the version differs
// (docs/decisions/0072).

export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;

export function buildCheckUrl(version: string): string {
  const params = new URLSearchParams({ p: "/", version });
  return `/__manifest?${params.toString()}`;
}

export async function isNewerBuildDeployed(version: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(buildCheckUrl(version), { cache: "no-store", credentials: "omit" });
    return response.status === 204 && response.headers.has("X-Remix-Reload-Document");
  } catch {
    // Offline or a blip: ask again later.
    return false;
  }
}

type BuildWatchEnvironment = {
  /** The build this page runs (`window.__remixManifest.version`). */
  version: () => string;
  fetcher?: typeof fetch;
  /** Fires `visibilitychange`. */
  document: Pick<Document, "addEventListener" | "visibilityState">;
  /** Fires `online`. */
  window: Pick<Window, "addEventListener">;
  setInterval: (callback: () => void, ms: number) => unknown;
};

/** Checks every few minutes while the page is visible, when it becomes visible and when the network returns. */
export function watchForNewBuild(environment: BuildWatchEnvironment): { isNewer: () => boolean; check: () => Promise<void> } {
  let newer = false;
  let checking = false;
  const check = async () => {
    if (newer || checking || environment.document.visibilityState !== "visible") return;
    checking = true;
    newer = await isNewerBuildDeployed(environment.version(), environment.fetcher);
    checking = false;
  };
  environment.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
  environment.document.addEventListener("visibilitychange", () => void check());
  environment.window.addEventListener("online", () => void check());
  return { isNewer: () => newer, check };
}
