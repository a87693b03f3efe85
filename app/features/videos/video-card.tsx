// One video: preview, title, views and date; the card links out to where the video is hosted.
import { PosterImage } from "~/components/poster-image";
import type { Video } from "~/domain/media";
import { sectionStrings } from "~/features/sections/strings";
import { formatCount, formatDate } from "~/i18n/format";

const strings = sectionStrings.videos;

/** Video previews are 16:9 (320×180 upstream). */
const VIDEO_IMAGE_WIDTH = 320;
const VIDEO_IMAGE_HEIGHT = 180;

export function VideoCard({ video, priority }: { video: Video; priority: boolean }) {
  const details = [video.views != null ? formatCount(video.views, "views") : null, formatDate(video.createdAt)].filter(Boolean).join(" · ");
  const body = (
    <>
      <span className="relative block">
        <PosterImage
          image={video.image}
          alt=""
          width={VIDEO_IMAGE_WIDTH}
          height={VIDEO_IMAGE_HEIGHT}
          sizes="(min-width: 1280px) 300px, (min-width: 600px) 45vw, 100vw"
          priority={priority}
          className="transition group-hover:opacity-90"
        />
        {video.isAnnounce ? (
          <span className="absolute left-2 top-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold text-white">
            {strings.announce}
          </span>
        ) : null}
      </span>
      <span className="block p-3">
        <span className="line-clamp-2 block font-semibold leading-snug">{video.title}</span>
        {video.origin?.title ? <span className="mt-1 block truncate text-xs text-muted">{video.origin.title}</span> : null}
        {details ? <span className="mt-1 block text-xs text-muted">{details}</span> : null}
      </span>
    </>
  );
  const boxClass = "group block h-full overflow-hidden rounded-lg bg-surface";
  return video.url ? (
    <a href={video.url} target="_blank" rel="noopener noreferrer" className={`${boxClass} hover:ring-2 hover:ring-secondary`}>
      {body}
      <span className="sr-only">{strings.opensElsewhere}</span>
    </a>
  ) : (
    <div className={boxClass}>{body}</div>
  );
}
