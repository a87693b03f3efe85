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

export function createNulByteFilter(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, withoutNulBytes(chunk));
    },
  });
}
