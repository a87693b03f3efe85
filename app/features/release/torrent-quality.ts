// The torrents tab's quality switch: the qualities a release has, and its torrents in one of them.
import type { Torrent } from "~/domain/torrent";

export type QualityOption = { value: string; label: string };

function qualityKey(torrent: Torrent): string | null {
  return torrent.quality.value ?? torrent.quality.description;
}

/** Distinct qualities in the order the torrents come (the upstream sorts them). */
export function qualityOptions(torrents: readonly Torrent[]): QualityOption[] {
  const options = new Map<string, string>();
  for (const torrent of torrents) {
    const key = qualityKey(torrent);
    if (key && !options.has(key)) options.set(key, torrent.quality.description ?? key);
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

/** A quality the release does not have shows every torrent, like no choice at all. */
export function selectedQuality(torrents: readonly Torrent[], requested: string | null): string | null {
  return requested && qualityOptions(torrents).some((option) => option.value === requested) ? requested : null;
}

export function torrentsOfQuality<Item extends Torrent>(torrents: readonly Item[], quality: string | null): Item[] {
  return quality ? torrents.filter((torrent) => qualityKey(torrent) === quality) : [...torrents];
}
