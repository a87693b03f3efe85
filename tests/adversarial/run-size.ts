// How big the adversarial runs are. `npm test` runs samples that keep every check and every place covered (a
// coverage cell of each route and generator class, the volume attacks past each bound they test); ADVERSARIAL_FULL=1
// runs them at full size, for volume that finds what is rare (decision 0269).
export const FULL_RUN = process.env.ADVERSARIAL_FULL === "1";

/** The full run's figure, or the sample's. */
export function sized<T>(full: T, sample: T): T {
  return FULL_RUN ? full : sample;
}
