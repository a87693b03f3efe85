// Decision 0248: the API upstream itself turns hostile. A server of our own on loopback is the
// app's UPSTREAM_URL and answers every call in one mode at a time — a document (HTML with a script, SVG), JSON sent
// `inline`, a redirect to an internal "secret" server, a redirect without a Location, a body far larger than the
// cap, a slow drip, a 500. For each mode: pages answer as the app does when the upstream fails (never a 500), the
// proxy answers 502 (JSON sent inline passes as an attachment), the secret never shows, the huge body leaves the
// worker's memory where it was, a dripping body is aborted rather than passed off as a whole answer.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { VolumeAttack, VolumeOutcome } from "../volume";
import { residentBytes, startApp } from "../servers";

const SECRET = "internal-secret-7c41d09e";
const PAGES = ["/", "/anime/catalog/", "/anime/schedule/", "/anime/releases/release/some-alias/"];
const PROXY_PATHS = ["/api/v1/teams/roles", "/api/v1/anime/catalog/releases"];
/** The huge body: far more than any cap, streamed for as long as anyone reads it. */
const HUGE_BODY_BYTES = 400 * 1024 * 1024;
/** Concurrent readers of the huge body: what one client can open at once without trying hard. */
const HUGE_BODY_READERS = 4;
/** Resident memory the huge bodies may add to the worker before it counts as unbounded. */
const RSS_GROWTH_LIMIT_BYTES = 150 * 1024 * 1024;
/** A client's own limit per request: far past the app's 5 s budget, so a stall shows as one. */
const CLIENT_TIMEOUT_MS = 20_000;

type Mode = {
  name: string;
  /**
   * What the proxy must answer: a status, or `cut` — headers already sent when the body turned bad (an undeclared
   * size past the cap, a drip past the deadline), so the answer is aborted, never ended as if complete.
   */
  proxy: number | "cut";
  serve: (response: ServerResponse, secretOrigin: string) => void;
};

function answer(status: number, headers: Record<string, string>, body: string): Mode["serve"] {
  return (response) => {
    response.writeHead(status, headers);
    response.end(body);
  };
}

/** Writes `total` bytes of a JSON array as fast as the reader takes them, stopping when it goes away. */
function stream(response: ServerResponse, total: number, chunkBytes: number, pauseMs: number, headers: Record<string, string> = {}): void {
  response.writeHead(200, { "Content-Type": "application/json", ...headers });
  response.write("[");
  const chunk = Buffer.from("1,".repeat(Math.max(1, Math.floor(chunkBytes / 2))));
  let sent = 0;
  const more = () => {
    while (!response.destroyed && sent < total) {
      sent += chunk.length;
      const accepted = response.write(chunk);
      if (pauseMs > 0) return void setTimeout(more, pauseMs);
      if (!accepted) return void response.once("drain", more);
    }
    if (!response.destroyed) response.end("1]");
  };
  more();
}

const MODES: Mode[] = [
  { name: "html", proxy: 502, serve: answer(200, { "Content-Type": "text/html" }, "<script>alert(document.domain)</script>") },
  {
    name: "svg",
    proxy: 502,
    serve: answer(200, { "Content-Type": "image/svg+xml" }, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>'),
  },
  {
    name: "json-inline",
    proxy: 200,
    serve: answer(200, { "Content-Type": "application/json", "Content-Disposition": 'inline; filename="a.html"' }, '{"data":[]}'),
  },
  {
    name: "redirect-to-secret",
    proxy: 502,
    serve: (response, secretOrigin) => {
      response.writeHead(302, { Location: `${secretOrigin}/secret` });
      response.end();
    },
  },
  { name: "redirect-without-location", proxy: 502, serve: answer(302, {}, "") },
  { name: "huge-body", proxy: "cut", serve: (response) => stream(response, HUGE_BODY_BYTES, 64 * 1024, 0) },
  {
    name: "huge-body-declared",
    proxy: 502,
    serve: (response) => stream(response, HUGE_BODY_BYTES, 64 * 1024, 0, { "Content-Length": String(HUGE_BODY_BYTES + 3) }),
  },
  { name: "slow-drip", proxy: "cut", serve: (response) => stream(response, 1024 * 1024, 2, 250) },
  { name: "500", proxy: 502, serve: answer(500, { "Content-Type": "application/json" }, '{"message":"boom"}') },
];

type Seen = {
  status: number;
  contentType: string;
  disposition: string;
  nosniff: boolean;
  body: string;
  complete: boolean;
  failure: string | null;
};

/**
 * One GET with node:http, which (unlike fetch) tells a complete body from one whose connection was cut: a
 * chunked answer that ends without its last chunk is `aborted`.
 */
function get(url: string): Promise<Seen> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (seen: Seen) => {
      if (settled) return;
      settled = true;
      resolve(seen);
    };
    const outgoing = httpRequest(
      url,
      { headers: { Accept: "text/html,application/json" }, timeout: CLIENT_TIMEOUT_MS },
      (incoming: IncomingMessage) => {
        const base = {
          status: incoming.statusCode ?? 0,
          contentType: String(incoming.headers["content-type"] ?? ""),
          disposition: String(incoming.headers["content-disposition"] ?? ""),
          nosniff: String(incoming.headers["x-content-type-options"] ?? "").includes("nosniff"),
        };
        const text = () => Buffer.concat(chunks).toString("utf8");
        incoming.on("data", (chunk: Buffer) => {
          if (chunks.reduce((size, each) => size + each.length, 0) < 2 * 1024 * 1024) chunks.push(chunk);
        });
        incoming.on("end", () => finish({ ...base, body: text(), complete: incoming.complete, failure: null }));
        incoming.on("aborted", () => finish({ ...base, body: text(), complete: false, failure: "aborted" }));
        incoming.on("error", (error) => finish({ ...base, body: text(), complete: false, failure: error.message }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer in ${CLIENT_TIMEOUT_MS} ms`)));
    outgoing.on("error", (error) =>
      finish({ status: 0, contentType: "", disposition: "", nosniff: false, body: "", complete: false, failure: error.message }),
    );
    outgoing.end();
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

function describeSeen(seen: Seen): string {
  const type = seen.contentType.split(";")[0] || "no type";
  const disposition = seen.disposition ? `, ${seen.disposition.split(";")[0]}` : "";
  return `${seen.status || "no answer"} ${type}${disposition}${seen.complete ? "" : ` (cut: ${seen.failure ?? "incomplete"})`}`;
}

async function run(): Promise<VolumeOutcome> {
  const figures: string[] = [];
  const failures: string[] = [];
  // Healthy while the app starts (it waits for /healthz to answer 200), hostile afterwards.
  let mode: Mode = { name: "healthy", proxy: 200, serve: answer(200, { "Content-Type": "application/json" }, "[]") };
  let secretHits = 0;
  const secret = createServer((_request, response) => {
    secretHits += 1;
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ data: [], secret: SECRET }));
  });
  const secretOrigin = await listen(secret);
  const upstream = createServer((_request, response) => mode.serve(response, secretOrigin));
  const upstreamOrigin = await listen(upstream);
  const app = await startApp({
    name: "hostile-upstream",
    overHttp: false,
    trustProxy: false,
    siteUrl: true,
    upstreamUrl: `${upstreamOrigin}/api/v1`,
    // Every answer from the upstream as it is now: no page kept from the previous mode.
    env: { PAGE_CACHE_SECONDS: "0" },
  });
  try {
    for (const current of MODES) {
      mode = current;
      const rssBefore = residentBytes(app.pid);
      let rssPeak = rssBefore ?? 0;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, residentBytes(app.pid) ?? 0);
      }, 50);
      const readers = current.name.startsWith("huge-body") ? HUGE_BODY_READERS : 1;
      const urls = [...PAGES, ...PROXY_PATHS.flatMap((path) => Array.from({ length: readers }, () => path))];
      const seen = await Promise.all(urls.map(async (path) => ({ path, seen: await get(`${app.origin}${path}`) })));
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, residentBytes(app.pid) ?? 0);

      const pages = seen.filter(({ path }) => !path.startsWith("/api/"));
      const proxied = seen.filter(({ path }) => path.startsWith("/api/"));
      const summary = (list: typeof seen) => [...new Set(list.map(({ seen: each }) => describeSeen(each)))].join(", ");
      figures.push(`${current.name}: proxy ${summary(proxied)}; pages ${summary(pages)}`);

      for (const { path, seen: page } of pages) {
        if (page.status === 500 || page.status === 0 || !page.complete)
          failures.push(`${current.name}: page ${path} answered ${describeSeen(page)}`);
      }
      for (const { path, seen: answer } of proxied) {
        const expected = current.proxy === "cut" ? 200 : current.proxy;
        if (answer.status !== expected) failures.push(`${current.name}: proxy ${path} answered ${describeSeen(answer)}, not ${expected}`);
        if (!/^application\/json/.test(answer.contentType))
          failures.push(`${current.name}: proxy ${path} sent ${answer.contentType || "no type"}`);
        if (answer.status !== 0 && !answer.nosniff) failures.push(`${current.name}: proxy ${path} without X-Content-Type-Options: nosniff`);
        if (/inline/i.test(answer.disposition))
          failures.push(`${current.name}: proxy ${path} sent Content-Disposition ${answer.disposition}`);
        if (/<script|<svg/i.test(answer.body)) failures.push(`${current.name}: proxy ${path} passed a document on`);
        if (current.proxy === "cut" && answer.complete) failures.push(`${current.name}: proxy ${path} ended a cut-off body as if complete`);
        if (current.proxy !== "cut" && !answer.complete) failures.push(`${current.name}: proxy ${path} cut off (${answer.failure})`);
      }
      for (const { path, seen: each } of seen) {
        if (each.body.includes(SECRET)) failures.push(`${current.name}: ${path} showed the internal server's body`);
      }
      if (current.name.startsWith("huge-body") && rssBefore !== null) {
        const growth = rssPeak - rssBefore;
        figures.push(
          `${current.name}: worker RSS ${Math.round(rssBefore / 2 ** 20)} MB before, peak ${Math.round(rssPeak / 2 ** 20)} MB with ${readers * PROXY_PATHS.length + PAGES.length} readers of ${HUGE_BODY_BYTES / 2 ** 20} MB bodies`,
        );
        if (growth > RSS_GROWTH_LIMIT_BYTES) failures.push(`${current.name}: the worker grew by ${Math.round(growth / 2 ** 20)} MB`);
      }
    }
    figures.push(`internal secret server asked ${secretHits} time(s)`);
    if (secretHits > 0) failures.push(`the internal secret server was asked ${secretHits} time(s): a redirect was followed`);
    const unhandled = app.log.errorLines.filter((line) => line.includes("unhandled server error"));
    figures.push(`error log lines: ${app.log.errorLines.length} (unhandled server errors: ${unhandled.length})`);
    for (const line of unhandled.slice(0, 3)) failures.push(`logged as an unhandled server error: ${line.slice(0, 300)}`);
  } finally {
    await app.stop();
    await Promise.all([close(upstream), close(secret)]);
  }
  return { figures, failures };
}

const attack: VolumeAttack = { name: "hostile-upstream", finding: "decision 0248: a hostile API upstream", run };
export default attack;
