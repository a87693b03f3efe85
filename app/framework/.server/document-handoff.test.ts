import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { takeReadyHandoff } from "./document-handoff";

const encoder = new TextEncoder();

/** A hand-off whose chunks are there at once, and after them those each behind a wait. */
function handoff(ready: string[], later: { afterMs: number; text: string }[] = [], failure?: Error): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const text of ready) controller.enqueue(encoder.encode(text));
      for (const { afterMs, text } of later) {
        await new Promise((resolve) => setTimeout(resolve, afterMs));
        controller.enqueue(encoder.encode(text));
      }
      if (failure) controller.error(failure);
      else controller.close();
    },
  });
}

function contextWith(stream: ReadableStream<Uint8Array> | undefined): EntryContext {
  return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("takeReadyHandoff", () => {
  it("takes a hand-off that has ended as one chunk and the end, so the render never suspends", async () => {
    const context = contextWith(handoff(['[{"_1":2},"loaderData"]\n', "P3:-5\n", "Россия\n"]));
    await expect(takeReadyHandoff(context)).resolves.toBe(true);
    const cache = context.renderMeta!.streamCache!;
    expect(cache[0]!.result).toEqual({ done: false, value: '[{"_1":2},"loaderData"]\nP3:-5\nРоссия\n' });
    expect(cache[1]!.result).toEqual({ done: true, value: "" });
    expect(Object.keys(cache)).toEqual(["0", "1"]);
    expect(context.serverHandoffStream!.locked).toBe(false);
  });

  it("takes an empty hand-off", async () => {
    const context = contextWith(handoff([]));
    await expect(takeReadyHandoff(context)).resolves.toBe(true);
    expect(context.renderMeta!.streamCache![0]!.result).toEqual({ done: false, value: "" });
  });

  it("is done at once without a hand-off", async () => {
    const context = contextWith(undefined);
    await expect(takeReadyHandoff(context)).resolves.toBe(true);
    expect(context.renderMeta!.streamCache).toBeUndefined();
  });

  it("leaves data still coming to the stream: what was there first, then the rest in order", async () => {
    const original = handoff(
      ["first\n"],
      [
        { afterMs: 30, text: "second\n" },
        { afterMs: 10, text: "third\n" },
      ],
    );
    const context = contextWith(original);
    await expect(takeReadyHandoff(context)).resolves.toBe(false);
    const cache = context.renderMeta!.streamCache!;
    expect(cache[0]!.result).toEqual({ done: false, value: "first\n" });
    expect(cache[1]).toBeUndefined();
    expect(context.serverHandoffStream).not.toBe(original);
    await expect(textOf(context.serverHandoffStream!)).resolves.toBe("second\nthird\n");
  });

  it("passes a failure of the data still coming on to the stream's reader", async () => {
    const context = contextWith(handoff(["first\n"], [{ afterMs: 20, text: "second\n" }], new Error("encoding failed")));
    await expect(takeReadyHandoff(context)).resolves.toBe(false);
    await expect(textOf(context.serverHandoffStream!)).rejects.toThrow("encoding failed");
  });

  it("rejects when the hand-off fails before the render", async () => {
    const context = contextWith(handoff(["first\n"], [], new Error("encoding failed")));
    await expect(takeReadyHandoff(context)).rejects.toThrow("encoding failed");
  });

  it("cancels the original stream when the rest is cancelled (the visitor went away)", async () => {
    let cancelled: unknown = null;
    const original = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("first\n"));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const context = contextWith(original);
    await expect(takeReadyHandoff(context)).resolves.toBe(false);
    await context.serverHandoffStream!.cancel("aborted");
    expect(cancelled).toBe("aborted");
  });
});
