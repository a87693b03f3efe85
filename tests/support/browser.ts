// How every browser-driven check (end-to-end, budget, benchmarks) starts Debian's Chromium.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

export function chromiumLaunchOptions() {
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      "--autoplay-policy=no-user-gesture-required",
    ],
  };
}
