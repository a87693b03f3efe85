// What the browser benchmarks share: the built site they start and wait for, an episode to play, percentiles, rows.
import { spawn } from "node:child_process";

/** One row of `npm run bench`'s table, as a sub-benchmark prints it. */
export type BenchRow = { benchmark: string; metric: string; value: number; unit: string; target: string; pass: boolean };

/** The sample at `fraction` (0.95: p95) of the sorted samples, nearest rank. */
export function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

export async function waitForServer(url: string, deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${url} did not start`);
}

/** The built site on `port` over a fresh embedded-API database (scripts/e2e-server.mjs), once it answers. */
export async function startBuiltSite(port: number): Promise<{ baseUrl: string; stop(): void }> {
  const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port) },
  });
  const stop = () => void server.kill("SIGTERM");
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseUrl}/healthz`);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * An episode with HLS, found through the running site's own API so the benchmark follows the demo data, one that plays
 * without a question; `withPreviewTrack` picks one whose clip has the embedded API's seek-preview
 * track beside it (`/storage/video/…`) or one served as a live upstream serves it, without (`/storage/clip/…`).
 */
export async function findHlsEpisode(baseUrl: string, { withPreviewTrack = true }: { withPreviewTrack?: boolean } = {}): Promise<string> {
  const answer = (await (await fetch(`${baseUrl}/api/v1/anime/releases/latest?limit=20`)).json()) as unknown;
  const releases = (Array.isArray(answer) ? answer : (answer as { data: unknown[] }).data) as { alias: string }[];
  for (const { alias } of releases) {
    const release = (await (await fetch(`${baseUrl}/api/v1/anime/releases/${alias}`)).json()) as {
      is_blocked_by_geo?: boolean;
      is_blocked_by_copyrights?: boolean;
      age_rating?: { is_adult?: boolean };
      episodes?: { id: string; hls_480: string | null }[];
    };
    // An adult release asks for the age confirmation before anything plays.
    if (release.is_blocked_by_geo || release.is_blocked_by_copyrights || release.age_rating?.is_adult) continue;
    const episode = release.episodes?.find((item) => item.hls_480?.includes(withPreviewTrack ? "/storage/video/" : "/storage/clip/"));
    if (episode) return episode.id;
  }
  throw new Error("No episode with HLS in the demo data");
}
