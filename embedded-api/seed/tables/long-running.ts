// The catalogue's last release becomes a long-running show of LONG_RUNNING_RELEASE.episodes episodes. Its episodes are
// drawn from a random stream of their own, so every other row of the catalogue stays as it was.
import { DEMO_REFERENCE_TIME } from "../../demo-constants";
import { LONG_RUNNING_RELEASE } from "../../demo-constants";
import { normalizeSearchText } from "../../../title-search/search-text";
import { DAY, isoAt, type DemoCatalogue } from "../demo-catalogue";
import { SeededRandom } from "../random";
import { generateEpisodes } from "./episodes";

const TITLE = { ru: "Долгое плавание", en: "The Long Voyage" };

export function makeLongRunningShow(catalogue: DemoCatalogue, seed: number): void {
  const release = catalogue.releases.at(-1);
  if (!release) return;
  const random = new SeededRandom(seed + 1);
  Object.assign(release, {
    alias: LONG_RUNNING_RELEASE.alias,
    name_main: TITLE.ru,
    name_english: TITLE.en,
    name_alternative: null,
    type: "TV",
    is_ongoing: 1,
    is_in_production: 1,
    is_blocked_by_geo: 0,
    is_blocked_by_copyrights: 0,
    external_player: null,
    episodes_total: null,
    average_duration_of_episode: 24,
    fresh_at: isoAt(DEMO_REFERENCE_TIME - 2 * DAY),
    updated_at: isoAt(DEMO_REFERENCE_TIME - 2 * DAY),
  });
  const searchText = catalogue.releaseSearchTexts.find(([id]) => id === release.id);
  if (searchText) searchText[1] = normalizeSearchText(`${TITLE.ru} ${TITLE.en} ${release.alias}`);
  catalogue.episodes = catalogue.episodes.filter((episode) => episode.release_id !== release.id);
  const seasonStart = DEMO_REFERENCE_TIME - LONG_RUNNING_RELEASE.episodes * 7 * DAY;
  generateEpisodes(random, catalogue, release, LONG_RUNNING_RELEASE.episodes, "hls", seasonStart, true);
}
