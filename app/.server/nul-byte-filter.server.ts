// React 18.3's streaming renderer sends its whole 2 KB buffer when a multi-byte character does not fit in the
// last free bytes, so every Russian page had NUL bytes in it ("Поис\0к"; facebook/react#31134): browsers drop
// them from text but turn them into U+FFFD in attributes and scripts. React writes no NUL of its own (text in
// scripts is JSON-escaped), so removing every NUL byte gives back exactly the HTML React meant.
import { Transform } from "node:stream";

export function withoutNulBytes(chunk: Buffer): Buffer {
  let nul = chunk.indexOf(0);
  if (nul === -1) return chunk;
  const kept = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  let start = 0;
  while (nul !== -1) {
    length += chunk.copy(kept, length, start, nul);
    start = nul + 1;
    nul = chunk.indexOf(0, start);
  }
  length += chunk.copy(kept, length, start);
  return kept.subarray(0, length);
}

/**
 * The document's stream: NUL bytes removed, and what React writes in one pass sent as one chunk. React fills 2 KB
 * buffers and, after each pass, calls `flush()` on its destination when there is one (the convention of zlib
 * streams); each chunk otherwise costs a web-stream read, a response write and a `writev` (decision 0215). The
 * joining happens inside React's call, with no timer, so a stream that ends or is destroyed never holds data back.
 */
class DocumentStream extends Transform {
  private held: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.held.push(chunk);
    callback();
  }

  override _flush(callback: () => void): void {
    this.flush();
    callback();
  }

  /** Called by React after each pass of writing. */
  flush(): void {
    if (this.held.length === 0) return;
    const joined = this.held.length === 1 ? this.held[0]! : Buffer.concat(this.held);
    this.held = [];
    this.push(withoutNulBytes(joined));
  }
}

export function createNulByteFilter(): Transform {
  return new DocumentStream();
}
