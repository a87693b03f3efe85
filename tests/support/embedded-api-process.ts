// The embedded API as its own process (`embedded-api/standalone.ts`), for tests that need a real upstream to kill.
import { spawn, type ChildProcess } from "node:child_process";

export type EmbeddedApiProcess = { port: number; origin: string; stop: () => Promise<void> };

/** Starts it on `port` with the database `dbPath` (several processes may share one file, decision 0191); resolves once it answers. */
export async function startEmbeddedApiProcess({
  port,
  dbPath,
  seedReleases = 30,
}: {
  port: number;
  dbPath: string;
  seedReleases?: number;
}): Promise<EmbeddedApiProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "embedded-api/standalone.ts"], {
    env: {
      ...process.env,
      EMBEDDED_API_PORT: String(port),
      EMBEDDED_API_DB: dbPath,
      EMBEDDED_API_SEED_RELEASES: String(seedReleases),
      NODE_ENV: "development",
    },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/v1/anime/catalog/references/types`)).ok) return { port, origin, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`the embedded API on port ${port} never answered`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
