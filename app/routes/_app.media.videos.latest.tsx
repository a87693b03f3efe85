import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getVideos } from "~/.server/api/media";
import { withRouteErrors } from "~/.server/route-errors.server";
import { imageSource } from "~/domain/image";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/features/seo/page-meta";
import { VideoCard } from "~/features/videos/video-card";

const strings = sectionStrings.videos;
/** API v1 gives videos by `limit` only (no pages); the upstream caps a list at 50. */
const VIDEOS_LIMIT = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  return withRouteErrors(request, async () => ({ videos: await getVideos(request, VIDEOS_LIMIT) }));
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const first = args.data?.videos[0];
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: first ? (imageSource(first.image) ?? undefined) : undefined,
  });
};

export default function LatestVideosPage() {
  const { videos } = useLoaderData<typeof loader>();
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead} />
      {videos.length === 0 ? (
        <p className="text-muted">{strings.empty}</p>
      ) : (
        <ul aria-label={strings.listLabel} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {videos.map((video, index) => (
            <li key={video.id}>
              <VideoCard video={video} priority={index < 4} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
