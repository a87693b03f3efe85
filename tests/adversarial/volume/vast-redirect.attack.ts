// Decision 0248: the ad chain reaches inside. The operator's VAST tag (VAST_URL) is a server of our own on
// loopback; in turn it redirects to an internal "secret" server, or names it as a wrapper over https, by address
// or by a name that resolves to loopback. `/ads/pre-roll` answers anyone: the secret must never be fetched, let
// alone shown. The tag itself is the operator's and is trusted as configured; everything after it is not.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { VolumeAttack, VolumeOutcome } from "../volume";
import { startApp } from "../servers";

const SECRET = "internal-secret-b3a95f20";
/** Requests per mode, all at once: a handful of visitors starting an episode. */
const REQUESTS_PER_MODE = 10;

const wrapper = (uri: string) =>
  `<VAST version="4.1"><Ad id="w"><Wrapper><AdSystem>net</AdSystem><VASTAdTagURI><![CDATA[${uri}]]></VASTAdTagURI></Wrapper></Ad></VAST>`;

type Mode = { name: string; serve: (response: ServerResponse, secretPort: number) => void };

const MODES: Mode[] = [
  {
    name: "tag redirects to internal http",
    serve: (response, port) => {
      response.writeHead(302, { Location: `http://127.0.0.1:${port}/vast` });
      response.end();
    },
  },
  {
    name: "tag redirects to internal https by name",
    serve: (response, port) => {
      response.writeHead(302, { Location: `https://localhost:${port}/vast` });
      response.end();
    },
  },
  { name: "wrapper names internal http", serve: (response, port) => response.end(wrapper(`http://127.0.0.1:${port}/vast`)) },
  { name: "wrapper names loopback over https", serve: (response, port) => response.end(wrapper(`https://127.0.0.1:${port}/vast`)) },
  { name: "wrapper names ::1 over https", serve: (response, port) => response.end(wrapper(`https://[::1]:${port}/vast`)) },
  { name: "wrapper names localhost over https", serve: (response, port) => response.end(wrapper(`https://localhost:${port}/vast`)) },
];

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function run(): Promise<VolumeOutcome> {
  const figures: string[] = [];
  const failures: string[] = [];
  let secretHits = 0;
  // Connections, not requests: a TLS hello sent to this plain-http server is a connection too.
  const secret = createServer((_request, response) => {
    response.end(`<VAST version="4.1"><Ad><InLine><AdSystem>in</AdSystem><AdTitle>${SECRET}</AdTitle></InLine></Ad></VAST>`);
  });
  secret.on("connection", () => {
    secretHits += 1;
  });
  const secretPort = await listen(secret);
  let mode: Mode = MODES[0]!;
  const tag = createServer((_request, response) => mode.serve(response, secretPort));
  const tagPort = await listen(tag);
  const app = await startApp({
    name: "vast-redirect",
    overHttp: false,
    trustProxy: false,
    siteUrl: true,
    env: { VAST_URL: `http://127.0.0.1:${tagPort}/tag?cb=[CACHEBUSTING]` },
  });
  try {
    for (const current of MODES) {
      mode = current;
      const hitsBefore = secretHits;
      const answers = await Promise.all(
        Array.from({ length: REQUESTS_PER_MODE }, async () => {
          const response = await fetch(`${app.origin}/ads/pre-roll`, { signal: AbortSignal.timeout(15_000) });
          const text = await response.text();
          let documents = -1;
          try {
            documents = (JSON.parse(text) as { documents: unknown[] }).documents.length;
          } catch {
            // not the JSON answer: counted as -1
          }
          return { status: response.status, documents, leaked: text.includes(SECRET) };
        }),
      );
      const statuses = [...new Set(answers.map((answer) => `${answer.status} with ${answer.documents} document(s)`))].join(", ");
      const hits = secretHits - hitsBefore;
      figures.push(`${current.name}: /ads/pre-roll ${statuses}; internal server reached ${hits} time(s)`);
      if (answers.some((answer) => answer.leaked)) failures.push(`${current.name}: /ads/pre-roll showed the internal server's VAST`);
      if (answers.some((answer) => answer.status !== 200)) failures.push(`${current.name}: /ads/pre-roll answered ${statuses}`);
      if (hits > 0) failures.push(`${current.name}: the internal server was reached ${hits} time(s)`);
    }
    const unhandled = app.log.errorLines.filter((line) => line.includes("unhandled server error"));
    if (unhandled.length > 0) failures.push(`${unhandled.length} unhandled server error(s), first: ${unhandled[0]!.slice(0, 300)}`);
  } finally {
    await app.stop();
    await Promise.all([close(tag), close(secret)]);
  }
  return { figures, failures };
}

const attack: VolumeAttack = { name: "vast-redirect", finding: "decision 0248: the ad chain reaches inside", run };
export default attack;
