import type { MetaFunction } from "@remix-run/node";
import type { loadFranchiseList } from "~/features/franchises/franchise-pages.server";
import { useLoaderData } from "@remix-run/react";
import { imageSource } from "~/domain/image";
import { FranchiseCard } from "~/features/franchises/franchise-card";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";

const strings = sectionStrings.franchises;

export { loadFranchiseList as loader } from "~/features/franchises/franchise-pages.server";

export const meta: MetaFunction<typeof loadFranchiseList> = (args) => {
  const first = args.data?.franchises[0];
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: first ? (imageSource(first.image) ?? undefined) : undefined,
  });
};

export default function FranchisesPage() {
  const { franchises } = useLoaderData<typeof loadFranchiseList>();
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead} />
      {franchises.length === 0 ? (
        <p className="text-muted">{strings.empty}</p>
      ) : (
        <ul aria-label={strings.listLabel} className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {franchises.map((franchise, index) => (
            <li key={franchise.id}>
              <FranchiseCard franchise={franchise} priority={index < 6} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
