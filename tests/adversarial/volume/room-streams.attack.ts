// «Смотреть вместе» as a crowd of clients that never read (decision 0279): rooms filled with members, each opening
// event streams it never reads, while every member floods chat and playback commands at its limits. The two workers
// of a container sized at 512 MB must stay within their memory plan during and after, the unread streams must be
// closed by the server, and what goes past the bounds must get 429/503, never a 500.
import { connect, type Socket } from "node:net";
import type { VolumeAttack, VolumeOutcome } from "../volume";
import { memberCookieOf, postRoomForm, ROOM_EPISODE_ID } from "../../support/room-requests";
import { childPids, residentBytes, serverConnections, startApp, type RunningApp } from "../servers";

const CONTAINER_BYTES = 512 * 1024 * 1024;
/** A worker's share of a 512 MB container with two workers (server/process-sizing.ts: 512 − 48 MB, halved). */
const WORKER_PLAN_BYTES = (CONTAINER_BYTES - 48 * 1024 * 1024) / 2;
const ROOMS = 6;
const MEMBERS_PER_ROOM = 30;
/** Streams each member opens and never reads (the server refuses past its per-member bound). */
const STREAMS_PER_MEMBER = 4;
const FLOOD_MS = 25_000;
/** After the flood: long enough for the server to find every unread stream stalled (STREAM_STALL_MS and a heartbeat). */
const SETTLE_MS = 40_000;
const CHAT_TEXT = "ж".repeat(500);

type Member = { address: string; cookie: string; roomId: string };

function megabytes(bytes: number | null): string {
  return bytes === null ? "n/a" : `${Math.round(bytes / 2 ** 20)} MB`;
}

function addressOf(index: number): string {
  return `203.0.113.${(index % 250) + 1}`;
}

/** An event stream opened over a raw socket that never reads a byte of the answer. */
function unreadStream(app: RunningApp, member: Member): Socket {
  const socket = connect(app.port, "127.0.0.1", () => {
    socket.write(
      `GET /watch-together/${member.roomId}/events HTTP/1.1\r\nHost: ${app.host}\r\nCookie: ${member.cookie}\r\n` +
        `X-Forwarded-For: ${member.address}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    socket.pause();
  });
  socket.on("error", () => undefined);
  return socket;
}

const attack: VolumeAttack = {
  name: "room-streams",
  finding: "unread room event streams and a command flood grow a worker past its memory plan",
  // 40 s of its 70 are the wait for the server to close the unread streams.
  mostlyWaits: true,
  async run(): Promise<VolumeOutcome> {
    const figures: string[] = [];
    const failures: string[] = [];
    const app = await startApp({
      name: "room-streams",
      overHttp: false,
      trustProxy: true,
      siteUrl: false,
      cluster: true,
      env: { WEB_CONCURRENCY: "2", MEMORY_LIMIT_BYTES: String(CONTAINER_BYTES) },
    });
    const sockets: Socket[] = [];
    try {
      const workers = childPids(app.pid);
      if (workers.length !== 2) return { figures, failures: [`expected two workers, found ${workers.length}`] };
      const before = workers.map((worker) => residentBytes(worker) ?? 0);
      const peaks = [...before];
      const sampler = setInterval(
        () => workers.forEach((worker, index) => (peaks[index] = Math.max(peaks[index]!, residentBytes(worker) ?? 0))),
        100,
      );
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

      const members: Member[] = [];
      for (let room = 0; room < ROOMS; room += 1) {
        const hostAddress = addressOf(room * MEMBERS_PER_ROOM);
        const created = await postRoomForm(app.origin, "/watch-together", hostAddress, {
          episodeId: ROOM_EPISODE_ID,
          position: "0",
          name: `Хозяин ${room}`,
        });
        count(created.status);
        const { roomId } = (await created.json()) as { roomId: string };
        members.push({ address: hostAddress, cookie: memberCookieOf(created), roomId });
        for (let guest = 1; guest < MEMBERS_PER_ROOM; guest += 1) {
          const address = addressOf(room * MEMBERS_PER_ROOM + guest);
          const joined = await postRoomForm(app.origin, `/watch-together/${roomId}`, address, { name: `Гость ${guest}` });
          count(joined.status);
          if (joined.status === 302) members.push({ address, cookie: memberCookieOf(joined), roomId });
        }
      }
      for (const member of members) {
        for (let stream = 0; stream < STREAMS_PER_MEMBER; stream += 1) sockets.push(unreadStream(app, member));
      }
      // The connections the workers hold: a paused client never sees its stream end, the server's side shows it.
      const held = () => workers.reduce((sum, worker) => sum + (serverConnections(worker, app.port) ?? 0), 0);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const heldAtStart = held();

      let commands = 0;
      const started = Date.now();
      const flood = async (member: Member) => {
        for (let turn = 0; Date.now() - started < FLOOD_MS; turn += 1) {
          const fields: Record<string, string> =
            turn % 2 === 0 ? { type: "chat", text: CHAT_TEXT } : { type: "seek", position: String(turn % 600) };
          const answer = await postRoomForm(
            app.origin,
            `/watch-together/${member.roomId}/commands`,
            member.address,
            fields,
            member.cookie,
          ).catch(() => null);
          commands += 1;
          if (answer) {
            count(answer.status);
            await answer.arrayBuffer();
          }
        }
      };
      await Promise.all(members.map(flood));
      const peakDuringFlood = [...peaks];
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      clearInterval(sampler);
      const after = workers.map((worker) => residentBytes(worker) ?? 0);
      const heldAtEnd = held();

      figures.push(
        `${members.length} members in ${ROOMS} rooms, ${sockets.length} unread streams asked, ${commands} commands in ${FLOOD_MS / 1000} s`,
      );
      figures.push(`statuses: ${[...statuses].map(([status, times]) => `${status}×${times}`).join(", ")}`);
      figures.push(
        `connections the workers held: ${heldAtStart} with the streams open, ${heldAtEnd} ${SETTLE_MS / 1000} s after the flood`,
      );
      workers.forEach((_, index) =>
        figures.push(
          `worker ${index + 1}: RSS before ${megabytes(before[index]!)}, peak ${megabytes(peakDuringFlood[index]!)}, ` +
            `after ${megabytes(after[index]!)} (plan ${megabytes(WORKER_PLAN_BYTES)})`,
        ),
      );
      peakDuringFlood.forEach((peak, index) => {
        if (peak > WORKER_PLAN_BYTES)
          failures.push(`worker ${index + 1} peaked at ${megabytes(peak)}, past its plan of ${megabytes(WORKER_PLAN_BYTES)}`);
      });
      if (statuses.has(500)) failures.push(`${statuses.get(500)} answers were 500`);
      if (heldAtEnd > heldAtStart / 10) {
        failures.push(`${heldAtEnd} connections still held ${SETTLE_MS / 1000} s after the flood: unread streams not closed`);
      }
      return { figures, failures };
    } finally {
      for (const socket of sockets) socket.destroy();
      await app.stop();
    }
  },
};

export default attack;
