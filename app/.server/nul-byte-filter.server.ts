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
 * Also joins what React writes in one go (a 2 KB chunk at a time, ~60 for a catalogue page) into one chunk per
 * turn of the event loop: each chunk costs a web stream read, a response write and a socket write downstream.
 */
export function createNulByteFilter(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const pushPending = () => {
    scheduled = false;
    if (pending.length === 0) return;
    filter.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const filter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(withoutNulBytes(chunk));
      if (!scheduled) {
        scheduled = true;
        setImmediate(pushPending);
      }
      callback();
    },
    flush(callback) {
      pushPending();
      callback();
    },
  });
  return filter;
}
