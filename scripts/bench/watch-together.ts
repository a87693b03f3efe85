// Benchmark: «Смотреть вместе» members (decision 0280) on one process, on the cluster (two workers) and on two
// replicas sharing a Redis, the members spread over the replicas. Not a test: figures, printed as bench rows.
//   - four Chromium members in one room: a host, a plain member, one behind a loopback link with jitter and loss,
//     and one whose segments come late after it loads the page again, so that it buffers;
//   - the landing spread of scheduled changes (pauses and starts by the host): how far apart the members' players
//     act on one change, by one machine's clock;
//   - the drift between members while the room plays through the episode, the rate changes and seeks each made;
//   - the room's wait for the throttled member: how soon the others stop, and whether they see who they wait for;
//   - a late joiner's offset from the room 2 s after its first frame.
// Run after `npm run build`: npx tsx scripts/bench/watch-together.ts — the last stdout line is the JSON result.
// BENCH_WATCH_DEPLOYMENTS=one,cluster,replicas chooses the deployments (all three by default).
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startServer } from "../lib/server.mjs";
import { chromiumLaunchOptions, CHROMIUM_PATH } from "../../tests/support/browser";
import { freePort, REDIS_SERVER, startRedis } from "../../tests/support/real-servers";
import { findHlsEpisode, percentile } from "./bench-helpers";

const DEPLOYMENTS = (process.env.BENCH_WATCH_DEPLOYMENTS ?? "one,cluster,replicas").split(",");
const ROUNDS = Number(process.env.BENCH_WATCH_ROUNDS ?? 10);
/** The loopback link of one member: each chunk delayed 0–200 ms (about 100 ms of jitter), 1 in 100 held 300 ms more. */
const JITTER_MS = 200;
const LOSS = 0.01;
const RETRANSMIT_MS = 300;
/** The throttled member's segments each come this late, so that its player buffers. */
const SLOW_SEGMENT_MS = 4_000;
/** The demo stream's segments (embedded-api/media/video/demo/<height>/segment-NNN.ts). */
const DEMO_SEGMENT = /\/storage\/video\/demo\/\d+\/segment-\d+\.ts(?:\?|$)/;

type Row = { benchmark: string; metric: string; value: number | string; unit: string; target: string; pass: boolean };
const rows: Row[] = [];

/**
 * A TCP relay to a server whose chunks, each way, arrive late by a random delay, in order, as TCP keeps them: one queue
 * per direction, drained by one timer (timers set for the same moment from different delays may fire in either order,
 * which once garbled the member's HTTP).
 */
async function lossyLink(target: string): Promise<{ origin: string; close: () => void }> {
  const forward = (from: Socket, to: Socket) => {
    const due: { at: number; chunk: Buffer | null }[] = [];
    let timer: NodeJS.Timeout | null = null;
    const drain = () => {
      timer = null;
      while (due.length > 0 && due[0]!.at <= Date.now()) {
        const { chunk } = due.shift()!;
        if (to.destroyed) return;
        if (chunk === null) to.end();
        else to.write(chunk);
      }
      if (due.length > 0) timer = setTimeout(drain, due[0]!.at - Date.now());
    };
    const queue = (chunk: Buffer | null, delay: number) => {
      due.push({ at: Math.max(due.at(-1)?.at ?? 0, Date.now() + delay), chunk });
      timer ??= setTimeout(drain, due[0]!.at - Date.now());
    };
    from.on("data", (chunk: Buffer) => queue(chunk, Math.random() * JITTER_MS + (Math.random() < LOSS ? RETRANSMIT_MS : 0)));
    from.on("end", () => queue(null, 0));
    from.on("error", () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(Number(new URL(target).port), "127.0.0.1");
    forward(client, upstream);
    forward(upstream, client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** What each member's page records: its episode video's plays, pauses, seeks and rate changes, and its first frame. */
const PAGE_PROBE = `
  window.__wt = { events: [], firstFrame: null };
  sessionStorage.setItem("ads:pre-roll-played", "1");
  localStorage.setItem("player:settings:v1", JSON.stringify({ autoNext: false }));
  for (const type of ["play", "pause", "seeking", "ratechange"]) {
    document.addEventListener(type, (event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement) || !video.hasAttribute("data-episode-video")) return;
      window.__wt.events.push({ type, at: Date.now(), time: video.currentTime, rate: video.playbackRate });
    }, true);
  }
  new MutationObserver(function (changes, observer) {
    const video = document.querySelector("video[data-episode-video]");
    if (!video) return;
    observer.disconnect();
    video.requestVideoFrameCallback(() => { if (window.__wt.firstFrame === null) window.__wt.firstFrame = Date.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

type Member = { name: string; context: BrowserContext; page: Page };
type Probe = { events: { type: string; at: number; time: number; rate: number }[]; firstFrame: number | null };

async function newMember(browser: Browser, name: string, base: string): Promise<Member> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: "block", locale: "ru-RU" });
  await context.addInitScript(PAGE_PROBE);
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`${name}: page error: ${error.message}`));
  page.on("console", (message) => {
    // Service workers are blocked in these contexts: the page says it could not register one.
    if (message.type() === "error" && !message.text().includes("service worker")) console.error(`${name}: ${message.text()}`);
  });
  return { name, context, page };
}

const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __wt: Probe }).__wt);
const playheadOf = (page: Page) =>
  page.locator("video[data-episode-video]").evaluate((video: HTMLVideoElement) => ({
    time: video.currentTime,
    at: Date.now(),
    paused: video.paused,
    rate: video.playbackRate,
  }));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function press(page: Page, key: string): Promise<void> {
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press(key);
}

/** The members' places carried to one instant: the largest distance between them (seconds). */
async function spreadOf(pages: Page[]): Promise<{ spread: number; paused: boolean }> {
  const heads = await Promise.all(pages.map(playheadOf));
  const instant = Math.max(...heads.map((head) => head.at));
  const places = heads.map((head) => head.time + (head.paused ? 0 : ((instant - head.at) * head.rate) / 1000));
  return { spread: Math.max(...places) - Math.min(...places), paused: heads.some((head) => head.paused) };
}

async function joinRoom(member: Member, invitation: string): Promise<void> {
  await member.page.goto(invitation);
  await member.page.getByLabel("Ваше имя в комнате").fill(member.name);
  await member.page.getByRole("button", { name: "Войти в комнату" }).click();
  await member.page.locator("[data-room-members]").getByText(member.name).first().waitFor();
}

/** One run of the room on a deployment: `origins` are its addresses, one per replica; members take them in turn. */
async function measureRoom(deployment: string, origins: string[]): Promise<void> {
  const originOf = (index: number) => origins[index % origins.length]!;
  const jitteryLink = await lossyLink(originOf(2));
  const row = (...entries: Row[]) => rows.push(...entries.map((entry) => ({ ...entry, benchmark: `${entry.benchmark} (${deployment})` })));
  try {
    const first = await findHlsEpisode(originOf(0));
    console.log(`watch together, ${deployment} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
    const browser = await chromium.launch(chromiumLaunchOptions(CHROMIUM_PATH));
    try {
      const host = await newMember(browser, "Аня", originOf(0));
      const plain = await newMember(browser, "Боря", originOf(1));
      const lossy = await newMember(browser, "Вика", jitteryLink.origin);
      const slow = await newMember(browser, "Гена", originOf(3));
      const members = [host, plain, lossy, slow];
      const pages = members.map((member) => member.page);

      // The host starts a room on the first episode, paused at its start.
      await host.page.goto(`/anime/video/episode/${first}`);
      await until("the host's episode starts", async () => !(await playheadOf(host.page)).paused);
      await press(host.page, "KeyK");
      await press(host.page, "Digit0");
      await host.page.getByRole("button", { name: "Смотреть вместе" }).click();
      await host.page.getByLabel("Ваше имя в комнате").fill(host.name);
      await host.page.getByRole("button", { name: "Создать комнату" }).click();
      const link = host.page.getByLabel("Ссылка для друзей");
      await until("the room's link", async () => /\/watch-together\/[A-Za-z0-9_-]{22}$/.test(await link.inputValue()));
      const path = new URL(await link.inputValue()).pathname;
      for (const member of [plain, lossy, slow])
        await joinRoom(member, `${member === lossy ? jitteryLink.origin : originOf(members.indexOf(member))}${path}`);
      await until("every member paused at the start", async () => (await spreadOf(pages)).spread < 0.2);

      // Landing spread: the host pauses and starts the room, each change as one member's players all act on it.
      const spreads: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const type = round % 2 === 0 ? "play" : "pause";
        // Clear of the episode's end: back to the start while paused, every few rounds.
        if (type === "play" && (await playheadOf(host.page)).time > 12) {
          await press(host.page, "Digit0");
          await until(
            "every member back at the start",
            async () => (await spreadOf(pages)).spread < 0.1 && (await playheadOf(plain.page)).time < 1,
          );
        }
        const since = Date.now();
        await press(host.page, "KeyK");
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        const landings = (await Promise.all(pages.map(probeOf))).map((probe) => {
          const acted = probe.events.filter((event) => event.type === type && event.at >= since);
          return acted.at(-1)?.at ?? NaN;
        });
        if (landings.some(Number.isNaN)) {
          const notices = await Promise.all(
            pages.map((page) => page.locator("[data-watch-together=room] [role=status]").allTextContents()),
          );
          console.log(`round ${round} (${type}): a member did not act`, landings, notices);
        } else {
          const spread = Math.max(...landings) - Math.min(...landings);
          spreads.push(spread);
          const lastOne = members[landings.indexOf(Math.max(...landings))]!.name;
          if (spread > 100) console.log(`round ${round} (${type}): ${spread.toFixed(0)} ms, the last to act ${lastOne}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      console.log(`landing spreads (ms): ${spreads.map((spread) => spread.toFixed(0)).join(", ")}`);
      const landing95 = percentile(spreads, 0.95);
      row({
        benchmark: "watch together: landing spread of scheduled changes (4 members, one with jitter and loss)",
        metric: "p95",
        value: landing95,
        unit: "ms",
        target: "<= 100",
        pass: landing95 <= 100,
      });

      // Drift through the episode: from the start, playing, sampled every 200 ms; the events counted per member.
      await press(host.page, "Digit0");
      if ((await playheadOf(host.page)).paused) await press(host.page, "KeyK");
      await until("the room plays", async () => !(await spreadOf(pages)).paused);
      const countsFrom = await Promise.all(pages.map(probeOf)).then((probes) => probes.map((probe) => probe.events.length));
      const drifts: number[] = [];
      const duration = await host.page.locator("video[data-episode-video]").evaluate((video: HTMLVideoElement) => video.duration);
      while ((await playheadOf(host.page)).time < duration - 3) {
        const { spread, paused } = await spreadOf(pages);
        if (!paused) drifts.push(spread * 1000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const probes = await Promise.all(pages.map(probeOf));
      const perMember = members.map((member, index) => {
        const events = probes[index]!.events.slice(countsFrom[index]);
        return `${member.name}: ${events.filter((event) => event.type === "ratechange").length} rate changes, ${events.filter((event) => event.type === "seeking").length} seeks`;
      });
      console.log(
        `drift over ${drifts.length} samples: p95 ${percentile(drifts, 0.95).toFixed(0)} ms, max ${Math.max(...drifts).toFixed(0)} ms`,
      );
      console.log(perMember.join("; "));
      row(
        {
          benchmark: "watch together: drift between members through the episode",
          metric: "p95",
          value: percentile(drifts, 0.95),
          unit: "ms",
          target: "<= 150",
          pass: percentile(drifts, 0.95) <= 150,
        },
        {
          benchmark: "watch together: drift between members through the episode",
          metric: "max",
          value: Math.max(...drifts),
          unit: "ms",
          target: "<= 300",
          pass: Math.max(...drifts) <= 300,
        },
        {
          benchmark: "watch together: rate changes and seeks per member through the episode",
          metric: "each",
          value: perMember.join("; "),
          unit: "",
          target: "",
          pass: true,
        },
      );

      // Buffering: back at the start, the slow member's segments come late and its page is loaded again (its player
      // starts empty): the room waits for it, the others stop and see its name.
      await press(host.page, "Digit0");
      await until(
        "the room plays from the start",
        async () => (await playheadOf(plain.page)).time < 3 && !(await playheadOf(plain.page)).paused,
      );
      // Its segments come 4 s late each (the browser's cache is bypassed while a route is set).
      await slow.context.route(DEMO_SEGMENT, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_SEGMENT_MS));
        await route.continue().catch(() => undefined);
      });
      const reloadedAt = Date.now();
      await slow.page.reload({ waitUntil: "commit" });
      let waitShownAt: number | null = null;
      let othersStoppedAt: number | null = null;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && (waitShownAt === null || othersStoppedAt === null)) {
        const status = await host.page
          .locator("[data-room-members] ~ [role=status]")
          .textContent()
          .catch(() => null);
        if (waitShownAt === null && status?.includes(slow.name)) waitShownAt = Date.now();
        if (waitShownAt !== null && othersStoppedAt === null) {
          const heads = await Promise.all([host, plain, lossy].map((member) => playheadOf(member.page)));
          if (heads.every((head) => head.paused)) othersStoppedAt = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (waitShownAt === null && process.env.BENCH_WATCH_DEBUG) {
        const state = await slow.page
          .locator("video[data-episode-video]")
          .evaluate((video: HTMLVideoElement) => [video.paused, video.readyState, video.currentTime, video.src])
          .catch((error: Error) => error.message);
        const probe = await slow.page.evaluate(() =>
          JSON.stringify((window as { watchTogetherProbe?: unknown }).watchTogetherProbe ?? null),
        );
        console.log(
          "the slow member's video:",
          state,
          probe,
          await slow.page
            .locator("[data-room-members]")
            .textContent()
            .catch(() => null),
        );
      }
      await slow.context.unrouteAll({ behavior: "ignoreErrors" });
      const waited = waitShownAt !== null && othersStoppedAt !== null;
      console.log(
        waited
          ? `buffering: «${slow.name}» shown as waited for ${waitShownAt! - reloadedAt} ms after its page was loaded again; the others stopped ${othersStoppedAt! - waitShownAt!} ms after that`
          : "buffering: the room did not wait for the slow member within 30 s",
      );
      row({
        benchmark: "watch together: the others stopped after the room showed whom it waits for",
        metric: "after",
        value: waited ? othersStoppedAt! - waitShownAt! : "never",
        unit: waited ? "ms" : "",
        target: "<= 1000",
        pass: waited && othersStoppedAt! - waitShownAt! <= 1_000,
      });
      await until("the room goes on", async () => !(await spreadOf([host.page, plain.page])).paused, 40_000);

      // A late joiner: 2 s after its first frame, its distance from the host.
      await press(host.page, "Digit1");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const late = await newMember(browser, "Дима", originOf(4));
      await joinRoom(late, `${originOf(4)}${path}`);
      await until("the late joiner's first frame", async () => (await probeOf(late.page)).firstFrame !== null);
      const firstFrame = (await probeOf(late.page)).firstFrame!;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstFrame + 2_000 - Date.now())));
      const offset = (await spreadOf([host.page, late.page])).spread * 1000;
      console.log(`late joiner: ${offset.toFixed(0)} ms from the host 2 s after its first frame`);
      row({
        benchmark: "watch together: a late joiner's offset 2 s after its first frame",
        metric: "offset",
        value: offset,
        unit: "ms",
        target: "<= 300",
        pass: offset <= 300,
      });
      await Promise.all([...members, late].map((member) => member.context.close()));
    } finally {
      await browser.close();
    }
  } finally {
    jitteryLink.close();
  }
}

/** One embedded catalogue for every replica, as a deployment's replicas share one upstream. */
const sharedDirectory = mkdtempSync(path.join(tmpdir(), "anilibria-watch-bench-"));
try {
  if (DEPLOYMENTS.includes("one")) {
    const one = await startServer({ port: await freePort() });
    try {
      await measureRoom("one process", [one.baseUrl]);
    } finally {
      await one.stop();
    }
  }
  if (DEPLOYMENTS.includes("cluster")) {
    const cluster = await startServer({ port: await freePort(), env: { WEB_CONCURRENCY: "2" }, cluster: true });
    try {
      await measureRoom("cluster of two workers", [cluster.baseUrl]);
    } finally {
      await cluster.stop();
    }
  }
  if (DEPLOYMENTS.includes("replicas") && REDIS_SERVER) {
    const redis = await startRedis(await freePort());
    const env = { REDIS_URL: redis.url, EMBEDDED_API_DB: path.join(sharedDirectory, "embedded-api.sqlite") };
    const replicas = [await startServer({ port: await freePort(), env }), await startServer({ port: await freePort(), env })];
    try {
      await measureRoom(
        "two replicas and Redis",
        replicas.map((replica) => replica.baseUrl),
      );
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
      await redis.stop();
    }
  } else if (DEPLOYMENTS.includes("replicas")) {
    rows.push({
      benchmark: "watch together (two replicas and Redis)",
      metric: "run",
      value: "skipped: no redis-server",
      unit: "",
      target: "",
      pass: true,
    });
  }
} finally {
  rmSync(sharedDirectory, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows }));
