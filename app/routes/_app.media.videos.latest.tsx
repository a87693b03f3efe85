import type { MetaFunction } from "@remix-run/node";
import type { loadVideosPage } from "~/features/videos/videos-page.server";
import { useLoaderData } from "@remix-run/react";
import { imageSource } from "~/domain/image";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { VideoCard } from "~/features/videos/video-card";

const strings = sectionStrings.videos;
/** API v1 gives videos by `limit` only (no pages); the upstream caps a list at 50. */

export { loadVideosPage as loader } from "~/features/videos/videos-page.server";

export const meta: MetaFunction<typeof loadVideosPage> = (args) => {
  const first = args.data?.videos[0];
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: first ? (imageSource(first.image) ?? undefined) : undefined,
  });
};

export default function LatestVideosPage() {
  const { videos } = useLoaderData<typeof loadVideosPage>();
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
