import type { MetaFunction } from "@remix-run/node";
import type { loadGenreList } from "~/features/genres/genre-pages.server";
import { useLoaderData } from "@remix-run/react";
import { GenreCard } from "~/features/genres/genre-card";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { imageSource } from "~/domain/image";

const strings = sectionStrings.genres;

export { loadGenreList as loader } from "~/features/genres/genre-pages.server";

export const meta: MetaFunction<typeof loadGenreList> = (args) => {
  const first = args.data?.genres[0];
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: first ? (imageSource(first.image) ?? undefined) : undefined,
  });
};

export default function GenresPage() {
  const { genres } = useLoaderData<typeof loadGenreList>();
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead} />
      <ul aria-label={strings.listLabel} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {genres.map((genre, index) => (
          <li key={genre.id}>
            <GenreCard genre={genre} priority={index < 6} />
          </li>
        ))}
      </ul>
    </>
  );
}
