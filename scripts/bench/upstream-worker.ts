// One thread of the round-trip bench's stand-in upstream (scripts/bench/round-trips.ts): the embedded API on the
// bench's database file, answering the calls the bench's main thread hands it. Several of these answer a page's
// parallel calls side by side, as a real upstream's servers do; in the main thread, one call's work held up the
// next call's arrival and answer, and that wait was counted as the site's.
import { parentPort, workerData } from "node:worker_threads";
import { createEmbeddedApi } from "../../embedded-api/index";

export type UpstreamCall = { id: number; method: string; url: string; headers: [string, string][]; body: ArrayBuffer | null };
export type UpstreamAnswer = { id: number; status: number; headers: [string, string][]; body: ArrayBuffer | null; error?: string };

const { dbPath } = workerData as { dbPath: string };
const embedded = createEmbeddedApi({ dbPath });
const port = parentPort;
if (!port) throw new Error("upstream-worker runs as a worker thread");

port.on("message", (call: UpstreamCall | "close") => {
  if (call === "close") {
    embedded.close();
    port.close();
    return;
  }
  void answer(call).then((reply) => port.postMessage(reply, reply.body ? [reply.body] : []));
});

async function answer(call: UpstreamCall): Promise<UpstreamAnswer> {
  try {
    const request = new Request(call.url, { method: call.method, headers: call.headers, body: call.body ?? undefined });
    const response = await embedded.handle(request);
    const body = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
    return { id: call.id, status: response.status, headers: [...response.headers], body };
  } catch (error) {
    return { id: call.id, status: 500, headers: [], body: null, error: String(error) };
  }
}
