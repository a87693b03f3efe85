// The production entry (build/server-cluster.js, decision 0190) with two workers: /healthz reports both, a killed
// worker is replaced, and SIGTERM lets a request in flight finish before the cluster exits cleanly.
import { once } from "node:events";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib/server.mjs";

const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 4193);
let app: Awaited<ReturnType<typeof startServer>>;

type Health = { cluster: { worker: number; workersListening: number | null; workersExpected: number | null } | null };

async function health(): Promise<Health> {
  return (await (await fetch(`${app.baseUrl}/healthz`)).json()) as Health;
}

/** Polls until `check` holds (a worker starting takes a few seconds on a busy machine); fails after a minute. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  app = await startServer({ port: PORT, cluster: true, env: { WEB_CONCURRENCY: "2", MEMORY_LIMIT_BYTES: String(512 * 1024 * 1024) } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("the production cluster", () => {
  it("reports both workers on /healthz, from whichever worker answers", async () => {
    await eventually(async () => (await health()).cluster?.workersListening === 2, "two workers listening");
    const answer = await health();
    expect(answer.cluster).toMatchObject({ workersListening: 2, workersExpected: 2 });
    expect(app.workerPids()).toHaveLength(2);
  });

  it("replaces a worker that dies", async () => {
    const [victim, survivor] = app.workerPids() as [number, number];
    process.kill(victim, "SIGKILL");
    await eventually(async () => {
      const pids = app.workerPids();
      return pids.length === 2 && !pids.includes(victim) && pids.includes(survivor);
    }, "a new worker beside the survivor");
    await eventually(async () => (await health()).cluster?.workersListening === 2, "two workers listening again");
  });

  it("finishes a request in flight on SIGTERM, then exits with 0", async () => {
    // A sign-in whose body arrives only after the signal: the worker has the request (it said 100 Continue).
    const body = "login=someone&password=secret";
    const socket = connect(PORT, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    const closed = once(socket, "close");
    socket.write(
      [
        "POST /app/auth/login HTTP/1.1",
        `Host: 127.0.0.1:${PORT}`,
        `Origin: ${app.baseUrl}`,
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36",
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${body.length}`,
        "Expect: 100-continue",
        "",
        "",
      ].join("\r\n"),
    );
    await eventually(async () => answer.startsWith("HTTP/1.1 100 Continue"), "100 Continue");
    process.kill(app.pid, "SIGTERM");
    // The body comes only once the workers have stopped accepting: the request is finished during the shutdown.
    await eventually(refusesNewConnections, "no new connections");
    socket.end(body);
    await closed;
    const finalStatus = /\r\n\r\nHTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
    expect(finalStatus, answer.slice(0, 300)).toMatch(/^[234]\d\d$/);
    expect(await app.exited).toBe(0);
  });
});

/** True once the port no longer accepts connections (every worker has closed its server). */
async function refusesNewConnections(): Promise<boolean> {
  const probe = connect(PORT, "127.0.0.1");
  try {
    await once(probe, "connect");
    return false;
  } catch {
    return true;
  } finally {
    probe.destroy();
  }
}
