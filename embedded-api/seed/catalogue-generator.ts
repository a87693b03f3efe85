// Deterministic demo catalogue: one seeded random stream drawn in a fixed order, table by table (tables/).
import type { ReleaseType, SponsorRow } from "../db/rows";
import { POSTER_COUNT } from "../demo-constants";
import { genreMask } from "../resources/genre-mask";
import { normalizeSearchText } from "../../title-search/search-text";
import type { DemoCatalogue } from "./demo-catalogue";
import { SeededRandom } from "./random";
import { generateEpisodes } from "./tables/episodes";
import { makeLongRunningShow } from "./tables/long-running";
import { generateMedia } from "./tables/media";
import { generateMembers } from "./tables/members";
import { composeRelease } from "./tables/releases";
import { generateTeams } from "./tables/teams";
import { composeDescription, composeTitle, type Title } from "./tables/titles";
import { generateTorrents } from "./tables/torrents";
import { liveGenreRows } from "./live-genres";
import { sequelSuffixes } from "./vocabulary";

export interface GenerateOptions {
  releases: number;
  seed?: number;
}

function composeSponsors(random: SeededRandom): SponsorRow[] {
  return [
    {
      id: random.uuid(),
      title: "Кинотеатр «Северное сияние»",
      url_title: "Перейти на сайт",
      url: "https://example.com/cinema",
      description: "Спонсор озвучки сезона.",
    },
    {
      id: random.uuid(),
      title: "Магазин манги «Том второй»",
      url_title: "В магазин",
      url: "https://example.com/manga",
      description: "Манга и ранобэ с доставкой.",
    },
    {
      id: random.uuid(),
      title: "Студия звукозаписи «Эхо»",
      url_title: "Подробнее",
      url: "https://example.com/studio",
      description: "Помогает команде с оборудованием.",
    },
  ];
}

export function generateDemoCatalogue({ releases: releaseCount, seed = 20251 }: GenerateOptions): DemoCatalogue {
  const random = new SeededRandom(seed);
  const large = releaseCount > 2000;
  const catalogue: DemoCatalogue = {
    genres: liveGenreRows(),
    sponsors: composeSponsors(random),
    releases: [],
    releaseGenres: [],
    releaseSearchTexts: [],
    releaseDescriptions: [],
    episodes: [],
    torrents: [],
    teamRoles: [],
    teams: [],
    teamUsers: [],
    teamUserRoles: [],
    members: [],
    franchises: [],
    franchiseReleases: [],
    videoOrigins: [],
    videos: [],
    promotions: [],
  };

  generateTeams(random, catalogue);
  const voiceActors = catalogue.teamUsers.filter((user) => user.team_id === catalogue.teams[0]!.id);
  const staffByRole = new Map<string, typeof catalogue.teamUsers>();
  const roleOfTeam = ["voicing", "translating", "timing", "editing", "decorating"];
  catalogue.teams.forEach((team, index) =>
    staffByRole.set(
      roleOfTeam[index] ?? "poster",
      catalogue.teamUsers.filter((user) => user.team_id === team.id),
    ),
  );
  const allGenreIds = catalogue.genres.map((genre) => genre.id);

  const usedAliases = new Set<string>();
  const usedTitles = new Set<string>();
  let releaseId = 1;
  while (releaseId <= releaseCount) {
    const remaining = releaseCount - releaseId + 1;
    const franchiseSize = remaining >= 2 && random.chance(0.12) ? random.int(2, Math.min(4, remaining)) : 1;
    // Unrelated releases should not share a title; at benchmark scale the word lists run out, so give up after a few tries.
    let base = composeTitle(random);
    for (let attempt = 0; attempt < 8 && usedTitles.has(base.ru); attempt++) base = composeTitle(random);
    usedTitles.add(base.ru);
    const baseDescription = composeDescription(random);
    let year = random.weighted([
      [random.int(1998, 2010), 2],
      [random.int(2011, 2020), 4],
      [random.int(2021, 2026), 6],
    ] as const);
    if (franchiseSize > 1) year = Math.min(year, 2026 - franchiseSize);
    const franchiseId = franchiseSize > 1 ? random.uuid() : null;
    const franchisePosterIndex = random.int(1, POSTER_COUNT);
    const franchiseGenreIds = random.sample(allGenreIds, random.int(2, 4));
    if (franchiseId) {
      catalogue.franchises.push({
        id: franchiseId,
        name: base.ru,
        name_english: base.en,
        poster_index: franchisePosterIndex,
        rating: Math.round(random.next() * 300 + 650) / 100,
      });
    }

    const usedSuffixes = new Set<string>();
    for (let part = 0; part < franchiseSize; part++, releaseId++) {
      const allowed = sequelSuffixes.filter((candidate) => candidate.parts.includes(part) && !usedSuffixes.has(candidate.ru));
      const suffix = part === 0 || allowed.length === 0 ? null : random.pick(allowed);
      if (suffix) usedSuffixes.add(suffix.ru);
      const title: Title = suffix ? { ru: base.ru + suffix.ru, en: base.en + suffix.en } : base;
      if (part > 0) year = Math.min(2026, year + random.int(1, 2));
      const { release, publishedEpisodes, videoSource, seasonStart, isBlockedByCopyrights } = composeRelease(random, {
        id: releaseId,
        title,
        suffixType: suffix?.type as ReleaseType | undefined,
        part,
        year,
        franchisePosterIndex,
        sponsors: catalogue.sponsors,
        usedAliases,
        large,
      });
      catalogue.releases.push(release);
      catalogue.releaseDescriptions.push([releaseId, part === 0 ? baseDescription : composeDescription(random)]);
      catalogue.releaseSearchTexts.push([releaseId, normalizeSearchText(`${title.ru} ${title.en} ${release.alias}`)]);
      const releaseGenres = part === 0 ? franchiseGenreIds : random.sample(allGenreIds, random.int(2, 4));
      for (const genreId of releaseGenres) catalogue.releaseGenres.push([releaseId, genreId]);
      release.genre_mask = genreMask(releaseGenres);
      if (franchiseId) {
        catalogue.franchiseReleases.push({
          id: random.uuid(),
          franchise_id: franchiseId,
          release_id: releaseId,
          sort_order: part + 1,
        });
      }

      generateEpisodes(random, catalogue, release, publishedEpisodes, videoSource, seasonStart, large);
      generateMembers(random, catalogue, release, voiceActors, staffByRole, large);
      if (publishedEpisodes > 0 && !isBlockedByCopyrights) {
        generateTorrents(random, catalogue, release, title, publishedEpisodes, seasonStart, large);
      }
    }
  }

  generateMedia(random, catalogue);
  makeLongRunningShow(catalogue, seed);
  return catalogue;
}
