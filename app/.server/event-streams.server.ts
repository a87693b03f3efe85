// Server-sent event streams whose memory is bounded in bytes, whatever the clients do (decision 0279). An event is
// encoded once and the same bytes are queued for every stream; a stream holds only what its client has not taken,
// where a newer state replaces an older one not yet sent; a stream that holds too much, or has not taken anything for
// too long, is closed. The kernel's socket buffers take what a client does not read until they are full, which this
// process cannot see: so every stream ends after a bounded number of bytes, and the browser opens it again (an
// EventSource does so by itself), which a client that does not read never does. The per-process budget is part of
// each worker's memory plan (server/process-sizing.ts).

/** What every worker sets aside for its event streams' queues and socket buffers. */
export const EVENT_STREAM_BUDGET_MB = 8;
/** A stream may hold this much its client has not taken; past it the client reads too slowly and is cut off. */
export const STREAM_QUEUE_BYTES = 48 * 1024;
/** Node's own buffer of a response before it reports backpressure (its default high-water mark). */
const RESPONSE_BUFFER_BYTES = 16 * 1024;
/** Streams one process serves at once: the budget over what each may hold. */
export const STREAMS_PER_PROCESS = Math.floor((EVENT_STREAM_BUDGET_MB * 1024 * 1024) / (STREAM_QUEUE_BYTES + RESPONSE_BUFFER_BYTES));
/** A client that has taken nothing for this long while events wait for it has fallen behind: closed. */
export const STREAM_STALL_MS = 20_000;
/** Past this many bytes sent a stream ends, and a reading browser opens a new one at once. */
export const STREAM_LIFETIME_BYTES = 128 * 1024;
/** How soon a browser opens the stream again after it ended (the `retry` field of the stream's first line). */
const RECONNECT_MS = 500;

const encoder = new TextEncoder();

/** One event as the text of the stream. */
export function eventText(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One event as the bytes every stream sends: encoded once however many streams send it. */
export function encodeEvent(event: string, data: unknown): Uint8Array {
  return encoder.encode(eventText(event, data));
}

/** Every stream open in this process, so that a shutdown can end them at once rather than wait for its grace. */
const openStreams = new Set<() => void>();

/**
 * Ends every event stream of this process (a graceful shutdown, decision 0279): their browsers open them again at
 * once, on a process that stays.
 */
export function endEventStreams(): void {
  for (const end of [...openStreams]) end();
}

const HEARTBEAT = encoder.encode(": ping\n\n");
const RETRY = encoder.encode(`retry: ${RECONNECT_MS}\n\n`);

/**
 * How an event is queued: `replaces` names a kind of event of which only the latest not yet sent matters (the room's
 * state); without it every event is kept in order (chat).
 */
export type StreamEvent = { bytes: Uint8Array; replaces?: string };

export type EventStreamControl = { push(event: StreamEvent): void; close(): void };

/**
 * The body of an event stream: `open` gets the means to push events and close the stream, and returns what to do
 * once it ends. The writer pulls one chunk at a time (server/remix-request-handler.ts waits for the socket to drain),
 * so what the client has not taken stays in this queue, where it is counted.
 */
export function boundedEventStream(
  signal: AbortSignal,
  open: (control: EventStreamControl) => () => void,
  heartbeatMs: number,
  clock: () => number = Date.now,
): ReadableStream<Uint8Array> {
  const queue: StreamEvent[] = [];
  let queuedBytes = 0;
  let finished = false;
  let detach = () => {};
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let controllerOf: ReadableStreamDefaultController<Uint8Array> | undefined;
  let pulling = false;
  let sentBytes = 0;
  // When the client last took an event, or when one began to wait for it.
  let progressAt = clock();

  const finish = (error?: Error) => {
    if (finished) return;
    finished = true;
    openStreams.delete(finish);
    clearInterval(heartbeat);
    signal.removeEventListener("abort", onAbort);
    detach();
    try {
      // Ended by the room, not for the client's slowness: what waits (bounded above) goes out before the end.
      if (!error && !signal.aborted) for (const waiting of queue) controllerOf?.enqueue(waiting.bytes);
      queue.length = 0;
      queuedBytes = 0;
      if (error) controllerOf?.error(error);
      else controllerOf?.close();
    } catch {
      // Already closed by the reader.
    }
  };
  const onAbort = () => finish();

  const deliver = () => {
    const next = queue.shift();
    if (!next || !controllerOf) return;
    queuedBytes -= next.bytes.byteLength;
    pulling = false;
    progressAt = clock();
    sentBytes += next.bytes.byteLength;
    controllerOf.enqueue(next.bytes);
    if (sentBytes >= STREAM_LIFETIME_BYTES) finish();
  };

  const push = (event: StreamEvent) => {
    if (finished) return;
    if (queue.length === 0) progressAt = clock();
    if (event.replaces !== undefined) {
      const older = queue.findIndex((queued) => queued.replaces === event.replaces);
      if (older !== -1) queuedBytes -= queue.splice(older, 1)[0]!.bytes.byteLength;
    }
    queue.push(event);
    queuedBytes += event.bytes.byteLength;
    if (queuedBytes > STREAM_QUEUE_BYTES) return finish(new Error("event stream: the client reads too slowly"));
    if (pulling) deliver();
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controllerOf = controller;
        if (signal.aborted) return finish();
        signal.addEventListener("abort", onAbort);
        openStreams.add(finish);
        push({ bytes: RETRY });
        detach = open({ push, close: () => finish() });
        heartbeat = setInterval(() => {
          if (queue.length > 0 && !pulling && clock() - progressAt > STREAM_STALL_MS) {
            return finish(new Error("event stream: the client stopped reading"));
          }
          if (queue.length === 0) push({ bytes: HEARTBEAT, replaces: "heartbeat" });
        }, heartbeatMs);
        heartbeat.unref?.();
      },
      pull() {
        if (finished) return;
        pulling = true;
        deliver();
      },
      cancel() {
        finish();
      },
    },
    // Nothing is pulled ahead of the writer: what waits, waits in the queue above.
    { highWaterMark: 0 },
  );
}
