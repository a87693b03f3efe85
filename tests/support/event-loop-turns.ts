// Counts the event loop's turns while code runs, for tests of work that must let other requests in: a setImmediate
// that re-arms itself is one turn each time the loop gets round to it; `stop()` ends the count.
export function countEventLoopTurns(): { turns: () => number; stop: () => void } {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns += 1;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return { turns: () => turns, stop: () => (ticking = false) };
}
