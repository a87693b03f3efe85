import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withRouteErrors } from "~/.server/route-errors.server";
import { imageSource } from "~/domain/image";
import { getLatestReleasesPage } from "~/features/latest/latest-releases.server";
import { assertPageExists, parsePageQuery } from "~/features/sections/page-query.server";
import { PagedReleases } from "~/features/sections/paged-releases";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/features/seo/page-meta";
import { toReleaseCardPage } from "~/domain/release-card";

const strings = sectionStrings.latest;

export async function loader({ request }: LoaderFunctionArgs) {
  const pageNumber = parsePageQuery(request);
  return withRouteErrors(request, async () => {
    const page = await getLatestReleasesPage(request, pageNumber);
    assertPageExists(request, page.pagination);
    return { page: toReleaseCardPage(page) };
  });
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const first = args.data?.page.items[0];
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: first ? imageSource(first.poster) ?? undefined : undefined,
  });
};

export default function LatestReleasesPage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead} />
      {page.items.length === 0 ? (
        <p className="text-muted">{strings.empty}</p>
      ) : (
        <PagedReleases page={page} label={strings.listLabel} view="posters" />
      )}
    </>
  );
}
