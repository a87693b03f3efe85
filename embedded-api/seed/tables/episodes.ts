// A release's episodes: the published ones, with a recap on some long TV shows.
import type { ReleaseRow } from "../../db/rows";
import { DEMO_CLIP_SECONDS, EPISODE_PREVIEW_COUNT } from "../../demo-constants";
import { DAY, isoAt, type DemoCatalogue } from "../demo-catalogue";
import { episodeTitles } from "../episode-titles";
import type { SeededRandom } from "../random";

export type VideoSource = "hls" | "rutube" | "youtube" | "hls+rutube" | "none";

export function generateEpisodes(
  random: SeededRandom,
  catalogue: DemoCatalogue,
  release: ReleaseRow,
  published: number,
  videoSource: VideoSource,
  seasonStart: number,
  large: boolean,
): void {
  const withRecap = !large && release.type === "TV" && published >= 8 && random.chance(0.12);
  const ordinals: number[] = [];
  for (let number = 1; number <= published; number++) {
    ordinals.push(number);
    if (withRecap && number === 6) ordinals.push(6.5);
  }
  const hasMarkers = release.type !== "MOVIE";
  ordinals.forEach((ordinal, index) => {
    const title = random.pick(episodeTitles);
    const withHls = videoSource === "hls" || videoSource === "hls+rutube";
    const isRecap = !Number.isInteger(ordinal);
    catalogue.episodes.push({
      id: random.uuid(),
      release_id: release.id,
      ordinal,
      sort_order: index + 1,
      name: isRecap ? "Спецвыпуск: оглядываясь назад" : random.chance(0.9) ? title.ru : null,
      name_english: isRecap ? "Special: Looking Back" : title.en,
      has_hls: withHls ? 1 : 0,
      rutube_id: videoSource === "rutube" || videoSource === "hls+rutube" ? random.hexString(32) : null,
      youtube_id: videoSource === "youtube" ? youtubeId(random) : null,
      duration: withHls ? DEMO_CLIP_SECONDS : release.type === "MOVIE" ? 6300 : 1440,
      opening_start: hasMarkers && !isRecap ? 2 : null,
      opening_stop: hasMarkers && !isRecap ? 8 : null,
      ending_start: hasMarkers && !isRecap ? DEMO_CLIP_SECONDS - 6 : null,
      ending_stop: hasMarkers && !isRecap ? DEMO_CLIP_SECONDS : null,
      preview_index: random.int(1, EPISODE_PREVIEW_COUNT),
      updated_at: isoAt(
        release.is_ongoing ? Date.parse(release.fresh_at) - (ordinals.length - 1 - index) * 7 * DAY : seasonStart + index * 7 * DAY,
      ),
    });
  });
}

export function youtubeId(random: SeededRandom): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return Array.from({ length: 11 }, () => alphabet[Math.floor(random.next() * alphabet.length)]).join("");
}
