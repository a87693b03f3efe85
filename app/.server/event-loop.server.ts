// Long work in pieces: a pause of one turn of the event loop lets the requests that arrived meanwhile be served.

/**
 * Resolves after the I/O that is waiting has had its turn (`setImmediate` runs after the poll phase). Promises that
 * settle without I/O — the embedded API called in-process — never give the loop that turn on their own.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
