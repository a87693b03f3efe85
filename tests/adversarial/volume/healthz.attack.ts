// Decision 0250: /healthz must not let anyone mark a healthy mirror down, nor turn callers into upstream load.
// The app runs on two API mirrors of the attack's own (one HTTP server on two ports, answering slowly, counting
// every call per port). Clients that hang up 20 ms after sending /healthz, again and again, must leave the
// primary up — a proxied call still goes to it; fifty concurrent /healthz calls may cost each host one probe; and a
// caller from elsewhere gets the status alone (decision 0250).
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { freePort, startApp } from "../servers";
import type { VolumeAttack, VolumeOutcome } from "../volume";

/** Slower than the 20 ms after which the clients hang up, well within the probe's 2 s budget. */
const UPSTREAM_DELAY_MS = 300;
const HANG_UPS = 12;
const CONCURRENT_CALLS = 50;
/** The app's interval between probes of one host (app/.server/api/health.ts), plus a margin. */
const FRESH_INTERVAL_WAIT_MS = 5_500;
const REMOTE_CLIENT = "203.0.113.77";

type Hit = { port: number; method: string; path: string };

async function countingMirrors(): Promise<{ ports: [number, number]; hits: Hit[]; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const servers: Server[] = [];
  const ports = [await freePort(), await freePort()] as [number, number];
  for (const port of ports) {
    const server = createServer((request, response) => {
      hits.push({ port, method: request.method ?? "", path: new URL(request.url ?? "/", "http://mirror").pathname });
      setTimeout(() => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end("[]");
      }, UPSTREAM_DELAY_MS);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    servers.push(server);
  }
  const close = () =>
    Promise.all(
      servers.map((server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())))),
    ).then(() => undefined);
  return { ports, hits, close };
}

/** Sends GET /healthz and closes the connection `afterMs` later, whatever came back. */
function hangUpOnHealthz(port: number, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      setTimeout(() => socket.destroy(), afterMs);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve());
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const attack: VolumeAttack = {
  name: "healthz",
  finding: "6: /healthz lets anyone mark a healthy mirror down and costs the upstream a call per caller",
  async run(): Promise<VolumeOutcome> {
    const figures: string[] = [];
    const failures: string[] = [];
    const mirrors = await countingMirrors();
    const [primary, secondary] = mirrors.ports;
    const app = await startApp({
      name: "healthz",
      overHttp: false,
      trustProxy: true,
      siteUrl: true,
      upstreamUrl: `http://127.0.0.1:${primary}/api/v1,http://127.0.0.1:${secondary}/api/v1`,
    }).catch(async (error: unknown) => {
      await mirrors.close();
      throw error;
    });
    try {
      // 1. Clients that hang up mid-probe.
      for (let round = 0; round < HANG_UPS; round += 1) {
        await hangUpOnHealthz(app.port, 20);
        await sleep(50);
      }
      await sleep(UPSTREAM_DELAY_MS + 100);
      const proxiedFrom = mirrors.hits.length;
      const proxied = await fetch(`${app.origin}/api/v1/teams/roles`, { headers: { "Sec-Fetch-Site": "same-origin" } });
      await proxied.arrayBuffer();
      const servedBy = mirrors.hits.slice(proxiedFrom).find((hit) => hit.path === "/api/v1/teams/roles")?.port;
      const details = (await (await fetch(`${app.origin}/healthz`)).json()) as { upstream?: { hosts?: { url: string; state: string }[] } };
      const primaryState = details.upstream?.hosts?.[0]?.state ?? "unknown";
      figures.push(
        `after ${HANG_UPS} clients hung up 20 ms into /healthz: a proxied call went to the ${
          servedBy === primary ? "primary" : servedBy === secondary ? "secondary" : "no"
        } mirror; the primary is ${primaryState}`,
      );
      if (servedBy !== primary) failures.push("clients that hung up on /healthz marked the primary mirror down: the next call skipped it");
      if (primaryState !== "up") failures.push(`the primary mirror is ${primaryState} after clients hung up on /healthz`);

      // 2. Many callers at once, in a fresh interval.
      await sleep(FRESH_INTERVAL_WAIT_MS);
      const burstFrom = mirrors.hits.length;
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: CONCURRENT_CALLS }, async () => {
          const response = await fetch(`${app.origin}/healthz`);
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const burstSeconds = (performance.now() - started) / 1000;
      const burst = mirrors.hits.slice(burstFrom);
      const probesOf = (port: number) => burst.filter((hit) => hit.port === port).length;
      figures.push(
        `${CONCURRENT_CALLS} concurrent /healthz calls (${statuses.filter((status) => status === 200).length} × 200, ${burstSeconds.toFixed(1)} s): ` +
          `upstream calls — primary ${probesOf(primary)}, secondary ${probesOf(secondary)} (API probe and media knock each)`,
      );
      for (const port of mirrors.ports) {
        for (const kind of [
          { method: "GET", label: "API probe" },
          { method: "HEAD", label: "media knock" },
        ]) {
          const count = burst.filter((hit) => hit.port === port && hit.method === kind.method).length;
          if (count > 1) failures.push(`${CONCURRENT_CALLS} concurrent /healthz calls cost port ${port} ${count} ${kind.label}s, not one`);
        }
      }

      // 3. The public answer.
      const remote = await fetch(`${app.origin}/healthz`, { headers: { "X-Forwarded-For": REMOTE_CLIENT } });
      const remoteBody = await remote.text();
      figures.push(`/healthz to a caller from ${REMOTE_CLIENT}: ${remote.status} ${remoteBody.slice(0, 120)}`);
      if (remoteBody.includes("127.0.0.1") || remoteBody.includes("upstream") || remoteBody.includes("hosts"))
        failures.push(`/healthz told a caller from elsewhere its upstream details: ${remoteBody.slice(0, 200)}`);
      if (app.log.errorLines.length > 0) failures.push(`the server logged ${app.log.errorLines.length} errors: ${app.log.errorLines[0]}`);
    } finally {
      await app.stop();
      await mirrors.close();
    }
    return { figures, failures };
  },
};

export default attack;
