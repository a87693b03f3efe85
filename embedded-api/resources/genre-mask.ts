// Genres of a release as a 64-bit mask (bit id − 1), so the catalogue's genre filter is one AND.
export const MAX_MASKED_GENRE_ID = 62;

export function genreMask(genreIds: readonly number[]): bigint {
  let mask = 0n;
  for (const id of genreIds) {
    if (Number.isInteger(id) && id >= 1 && id <= MAX_MASKED_GENRE_ID) mask |= 1n << BigInt(id - 1);
  }
  return mask;
}

/** How many genres two masks have in common. */
export function sharedGenreCount(left: bigint | number, right: bigint | number): number {
  let common = BigInt(left) & BigInt(right);
  let count = 0;
  while (common !== 0n) {
    count += Number(common & 1n);
    common >>= 1n;
  }
  return count;
}
