// Whether the server now runs a newer build than this page (docs/product.md#states, #calls: the app polls for the latest build id).
// The server answers BUILD_VERSION_PATH with the version of the build it runs (docs/decisions/0072 and 0232).
import { BUILD_VERSION_PATH, type BuildVersionAnswer } from "~/domain/build-version";

export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;

function versionOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { version } = body as Partial<Record<keyof BuildVersionAnswer, unknown>>;
  return typeof version === "string" && version !== "" ? version : null;
}

export async function isNewerBuildDeployed(version: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(BUILD_VERSION_PATH, { cache: "no-store", credentials: "omit" });
    if (!response.ok) return false;
    const deployed = versionOf(await response.json());
    return deployed !== null && deployed !== version;
  } catch {
    // Offline, a blip, or an answer that is not ours (a proxy's error page): ask again later.
    return false;
  }
}

type BuildWatchEnvironment = {
  /** The build this page runs (`pageBuildVersion` in app/framework/remix-globals.ts). */
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
