import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { revalidateUnlessShownRangeGrows } from "~/shared/paging/page-range";
import { imageSource } from "~/domain/image";
import { loadLatestReleases } from "~/features/latest/latest-releases.server";
import { PagedReleases } from "~/features/sections/paged-releases";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";

const strings = sectionStrings.latest;

export const loader = (args: LoaderFunctionArgs) => loadLatestReleases(args);

export const shouldRevalidate = revalidateUnlessShownRangeGrows;

export const meta: MetaFunction<typeof loader> = (args) => {
  const first = args.data?.page.items[0];
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: first ? (imageSource(first.poster) ?? undefined) : undefined,
  });
};

export default function LatestReleasesPage() {
  const { page, firstPage } = useLoaderData<typeof loader>();
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead} />
      {page.items.length === 0 ? (
        <p className="text-muted">{strings.empty}</p>
      ) : (
        <PagedReleases page={page} firstPage={firstPage} label={strings.listLabel} view="posters" />
      )}
    </>
  );
}
