// The loader data Remix hands to the browser with a document (single fetch: turbo-stream text in inline scripts,
// written by `<StreamTransfer>` inside a Suspense boundary per chunk). A page whose data is all there when the
// render starts is rendered in one synchronous pass; one whose data is still coming (a signed-in viewer's account
// extras, say) is streamed as before (decision 0224).
import type { EntryContext } from "@remix-run/node";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;
type Chunk = ReadableStreamReadResult<Uint8Array>;

const NOT_YET = Symbol("not yet");

/** Resolves after the event loop's next turn: what is already settled (promises, in-process answers) has arrived. */
const nextTurn = () => new Promise<typeof NOT_YET>((resolve) => setImmediate(resolve, NOT_YET));

/** The rest of a stream whose reader has read ahead: the read still pending first, then the reader's. */
function remainderOf(reader: ReadableStreamDefaultReader<Uint8Array>, pending: Promise<Chunk>): ReadableStream<Uint8Array> {
  let next: Promise<Chunk> | null = pending;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await (next ?? reader.read());
      next = null;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });

/**
 * Reads the hand-off for as long as its chunks are already there and gives `<StreamTransfer>` what was read, as
 * its first chunk. Returns true when the hand-off has ended: the render will not suspend. Otherwise the context's
 * stream is replaced by the part not read yet, which the render streams as it comes.
 */
export async function takeReadyHandoff(remixContext: EntryContext): Promise<boolean> {
  const stream = remixContext.serverHandoffStream;
  if (!stream) return true;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  for (;;) {
    const read = reader.read();
    const chunk = await Promise.race([read, nextTurn()]);
    if (chunk === NOT_YET) {
      remixContext.serverHandoffStream = remainderOf(reader, read);
      break;
    }
    if (chunk.done) {
      // Remix's render still takes a reader of its own from the ended stream.
      reader.releaseLock();
      ended = true;
      break;
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  const streamCache: StreamCache = { 0: settled({ done: false, value: text + decoder.decode() }) };
  if (ended) streamCache[1] = settled({ done: true, value: "" });
  remixContext.renderMeta ??= {};
  remixContext.renderMeta.streamCache = streamCache;
  return ended;
}
