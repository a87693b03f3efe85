import { afterEach, describe, expect, it, vi } from "vitest";
import {
  boundedEventStream,
  encodeEvent,
  endEventStreams,
  STREAM_LIFETIME_BYTES,
  STREAM_QUEUE_BYTES,
  STREAM_STALL_MS,
  type EventStreamControl,
} from "./event-streams.server";

const decoder = new TextDecoder();

function openStream(heartbeatMs = 60_000, clock: () => number = Date.now) {
  let control: EventStreamControl = { push: () => undefined, close: () => undefined };
  let detached = false;
  const gone = new AbortController();
  const stream = boundedEventStream(
    gone.signal,
    (given) => {
      control = given;
      return () => (detached = true);
    },
    heartbeatMs,
    clock,
  );
  const reader = stream.getReader();
  return { control, reader, detached: () => detached, gone, firstLine: reader.read() };
}

afterEach(() => vi.useRealTimers());

describe("a bounded event stream", () => {
  it("tells the browser to come back soon, first", async () => {
    const { firstLine } = openStream();
    expect(decoder.decode((await firstLine).value)).toMatch(/^retry: \d+\n\n$/);
  });

  it("keeps only the latest state its client has not taken, and every chat message in order", async () => {
    const { control, reader, firstLine } = openStream();
    await firstLine;
    control.push({ bytes: encodeEvent("state", { n: 1 }), replaces: "state" });
    control.push({ bytes: encodeEvent("chat", { text: "a" }) });
    control.push({ bytes: encodeEvent("state", { n: 2 }), replaces: "state" });
    control.push({ bytes: encodeEvent("chat", { text: "b" }) });
    const texts: string[] = [];
    for (let index = 0; index < 3; index += 1) texts.push(decoder.decode((await reader.read()).value));
    expect(texts).toEqual(
      [encodeEvent("chat", { text: "a" }), encodeEvent("state", { n: 2 }), encodeEvent("chat", { text: "b" })].map((bytes) =>
        decoder.decode(bytes),
      ),
    );
  });

  it("cuts off a client that never reads once more than its bound waits, however many states replace each other", async () => {
    const { control, reader, detached, firstLine } = openStream();
    await firstLine;
    for (let index = 0; index < 1_000; index += 1)
      control.push({ bytes: encodeEvent("state", { index, pad: "ж".repeat(400) }), replaces: "state" });
    expect(detached()).toBe(false);
    const message = { bytes: encodeEvent("chat", { text: "ж".repeat(500) }) };
    const events = Math.ceil(STREAM_QUEUE_BYTES / message.bytes.byteLength) + 1;
    for (let index = 0; index < events; index += 1) control.push(message);
    expect(detached()).toBe(true);
    await expect(reader.read()).rejects.toThrow(/too slowly/);
  });

  it("closes a client that has taken nothing for too long while events wait, though little waits", async () => {
    vi.useFakeTimers();
    let now = 0;
    const { control, reader, detached, firstLine } = openStream(1_000, () => now);
    await firstLine;
    // The client takes the first event, then stops reading.
    control.push({ bytes: encodeEvent("state", { n: 0 }), replaces: "state" });
    await reader.read();
    control.push({ bytes: encodeEvent("state", { n: 1 }), replaces: "state" });
    for (let second = 0; second * 1_000 <= STREAM_STALL_MS + 2_000; second += 1) {
      now = second * 1_000;
      // New states keep replacing the one waiting: that is no progress of the client's.
      control.push({ bytes: encodeEvent("state", { n: second }), replaces: "state" });
      vi.advanceTimersByTime(1_000);
    }
    expect(detached()).toBe(true);
    await expect(reader.read()).rejects.toThrow(/stopped reading/);
  });

  it("keeps a quiet client that reads: a heartbeat only when nothing waits", async () => {
    vi.useFakeTimers();
    let now = 0;
    const { reader, detached, firstLine } = openStream(1_000, () => now);
    await firstLine;
    const read = reader.read();
    now = 60_000;
    vi.advanceTimersByTime(1_000);
    expect(decoder.decode((await read).value)).toBe(": ping\n\n");
    expect(detached()).toBe(false);
  });

  it("ends after a bounded number of bytes even for a client that reads, which then comes back", async () => {
    const { control, reader, detached, firstLine } = openStream();
    await firstLine;
    const chat = { bytes: encodeEvent("chat", { text: "ж".repeat(500) }) };
    let received = 0;
    for (;;) {
      control.push(chat);
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    expect(received).toBeGreaterThanOrEqual(STREAM_LIFETIME_BYTES - 200);
    expect(received).toBeLessThan(STREAM_LIFETIME_BYTES + chat.bytes.byteLength);
    expect(detached()).toBe(true);
  });

  it("sends what waits before an end the room asked for", async () => {
    const { control, reader, firstLine } = openStream();
    await firstLine;
    control.push({ bytes: encodeEvent("gone", { reason: "left" }) });
    control.close();
    expect(decoder.decode((await reader.read()).value)).toContain("event: gone");
    expect((await reader.read()).done).toBe(true);
  });

  it("ends, with every other stream of the process, when the process shuts down", async () => {
    const streams = [openStream(), openStream()];
    for (const stream of streams) await stream.firstLine;
    endEventStreams();
    for (const stream of streams) {
      expect((await stream.reader.read()).done).toBe(true);
      expect(stream.detached()).toBe(true);
    }
  });

  it("ends when the browser goes away", async () => {
    const { reader, detached, gone } = openStream();
    gone.abort();
    expect(detached()).toBe(true);
    expect((await reader.read()).done).toBe(true);
  });
});
