// schema.org data of a release page (TVSeries or Movie) for search engines, and its safe serialization into a <script>.
import { imageSource } from "~/domain/image";
import { releaseTitle, type Release } from "~/domain/release";
import { releasePath } from "~/domain/site-paths";

type JsonLd = Record<string, unknown>;

function withoutEmpty(value: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== null && field !== undefined && !(Array.isArray(field) && field.length === 0)),
  );
}

export function releaseJsonLd(release: Release, origin: string): JsonLd {
  const isMovie = release.type.value === "MOVIE";
  const alternateName = [release.name.english, release.name.alternative].filter(
    (name): name is string => Boolean(name) && name !== releaseTitle(release),
  );
  const knownTotal = release.episodesAreUnknown ? null : release.episodesTotal;
  const episodes = knownTotal ?? (release.episodes.length > 0 && !release.episodesAreUnknown ? release.episodes.length : null);
  return withoutEmpty({
    "@context": "https://schema.org",
    "@type": isMovie ? "Movie" : "TVSeries",
    name: releaseTitle(release),
    alternateName,
    url: `${origin}${releasePath(release.alias)}`,
    image: imageSource(release.poster),
    description: release.description,
    genre: release.genres.map((genre) => genre.name),
    datePublished: release.year ? String(release.year) : null,
    numberOfEpisodes: isMovie ? null : episodes,
    contentRating: release.ageRating.label,
    inLanguage: "ru",
    timeRequired: release.averageDurationOfEpisode ? `PT${Math.round(release.averageDurationOfEpisode)}M` : null,
    interactionStatistic: {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/LikeAction",
      userInteractionCount: release.addedInUsersFavorites,
    },
  });
}
