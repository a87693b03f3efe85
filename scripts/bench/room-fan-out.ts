// The watch-together command path at a full host-only room (decision 0279): 50 members each reading their event
// stream, the host sending seeks; for each seek, the time from the host's POST to its state arriving at every member,
// and the POST's own answer time. On one process, on the cluster (two workers), and on two replicas sharing a Redis
// (members alternating between them). Prints `{"rows": [...]}` as its last line for `npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "../lib/server.mjs";
import { freePort, REDIS_SERVER, startRedis } from "../../tests/support/real-servers";
import { memberCookieOf, postRoomForm, readRoomEvents, ROOM_EPISODE_ID } from "../../tests/support/room-requests";
import { percentile } from "./bench-helpers";

const MEMBERS = 50;
const COMMANDS = Number(process.env.BENCH_ROOM_COMMANDS ?? 30);
/** Under the per-member limit (40 commands per 10 s). */
const COMMAND_EVERY_MS = 300;

type Row = { benchmark: string; metric: string; value: number | string; unit: string; target: string; pass: boolean | null };
const rows: Row[] = [];

type Site = { origins: string[]; stop(): Promise<void> };

function addressOf(index: number): string {
  return `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/** Reads a member's stream, calling `heard` with each state's position and the time it arrived. */
async function follow(
  origin: string,
  roomId: string,
  cookie: string,
  address: string,
  heard: (position: number, at: number) => void,
  signal: AbortSignal,
) {
  const response = await fetch(`${origin}/watch-together/${roomId}/events`, {
    headers: { Cookie: cookie, "X-Forwarded-For": address },
    signal,
  });
  await readRoomEvents(response, ({ event, data }) => {
    if (event === "state") heard((data as { playback: { position: number } }).playback.position, performance.now());
  }).catch(() => undefined);
}

async function measure(name: string, site: Site): Promise<void> {
  const origins = site.origins;
  const created = await postRoomForm(origins[0]!, "/watch-together", addressOf(0), {
    episodeId: ROOM_EPISODE_ID,
    position: "0",
    name: "Ведёт",
  });
  const { roomId } = (await created.json()) as { roomId: string };
  const members = [{ origin: origins[0]!, cookie: memberCookieOf(created), address: addressOf(0) }];
  await postRoomForm(
    origins[0]!,
    `/watch-together/${roomId}/commands`,
    addressOf(0),
    { type: "control", mode: "host" },
    members[0]!.cookie,
  );
  for (let index = 1; index < MEMBERS; index += 1) {
    const origin = origins[index % origins.length]!;
    const joined = await postRoomForm(origin, `/watch-together/${roomId}`, addressOf(index), { name: `Гость ${index}` });
    members.push({ origin, cookie: memberCookieOf(joined), address: addressOf(index) });
  }
  const arrivals = new Map<number, number[]>();
  const stop = new AbortController();
  const streams = members.map((member) =>
    follow(member.origin, roomId, member.cookie, member.address, (position, at) => arrivals.get(position)?.push(at), stop.signal).catch(
      () => undefined,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const sentAt = new Map<number, number>();
  const answers: number[] = [];
  for (let command = 1; command <= COMMANDS; command += 1) {
    const position = command * 7;
    arrivals.set(position, []);
    const started = performance.now();
    sentAt.set(position, started);
    const answer = await postRoomForm(
      members[0]!.origin,
      `/watch-together/${roomId}/commands`,
      addressOf(0),
      { type: "seek", position: String(position) },
      members[0]!.cookie,
    );
    await answer.arrayBuffer();
    answers.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, COMMAND_EVERY_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  stop.abort();
  await Promise.all(streams);
  const delays: number[] = [];
  let missing = 0;
  for (const [position, times] of arrivals) {
    missing += MEMBERS - times.length;
    for (const at of times) delays.push(at - sentAt.get(position)!);
  }
  const benchmark = `room fan-out, ${MEMBERS} members (${name})`;
  rows.push({ benchmark, metric: "seek → every member, p50", value: percentile(delays, 0.5), unit: "ms", target: "", pass: null });
  rows.push({
    benchmark,
    metric: "seek → every member, p95",
    value: percentile(delays, 0.95),
    unit: "ms",
    target: "≤ 100",
    pass: percentile(delays, 0.95) <= 100,
  });
  rows.push({ benchmark, metric: "host's POST answered, p95", value: percentile(answers, 0.95), unit: "ms", target: "", pass: null });
  rows.push({
    benchmark,
    metric: "states not delivered",
    value: missing,
    unit: `of ${MEMBERS * COMMANDS}`,
    target: "0",
    pass: missing === 0,
  });
}

const trustProxy = { TRUST_PROXY: "true" };

async function main() {
  const onePort = await freePort();
  const one = await startServer({ port: onePort, env: trustProxy });
  try {
    await measure("one process", { origins: [one.baseUrl], stop: one.stop });
  } finally {
    await one.stop();
  }
  const cluster = await startServer({ port: await freePort(), env: { ...trustProxy, WEB_CONCURRENCY: "2" }, cluster: true });
  try {
    await measure("cluster of two workers", { origins: [cluster.baseUrl], stop: cluster.stop });
  } finally {
    await cluster.stop();
  }
  if (!REDIS_SERVER) {
    rows.push({
      benchmark: `room fan-out, ${MEMBERS} members (two replicas and Redis)`,
      metric: "run",
      value: "skipped: no redis-server",
      unit: "",
      target: "",
      pass: null,
    });
  } else {
    const redis = await startRedis(await freePort());
    const shared = mkdtempSync(path.join(tmpdir(), "anilibria-fan-out-"));
    const env = { ...trustProxy, REDIS_URL: redis.url, EMBEDDED_API_DB: path.join(shared, "embedded-api.sqlite") };
    const first = await startServer({ port: await freePort(), env });
    const second = await startServer({ port: await freePort(), env });
    try {
      await measure("two replicas and Redis", { origins: [first.baseUrl, second.baseUrl], stop: async () => undefined });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await redis.stop();
      rmSync(shared, { recursive: true, force: true });
    }
  }
  console.log(JSON.stringify({ rows }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
