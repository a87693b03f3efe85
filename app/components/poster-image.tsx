// A poster or preview picture: webp with the original as fallback, sized by srcset, lazy unless it is above the fold;
// in low-data mode the thumbnail only (decision 0288).
import type { Image } from "~/domain/image";
import { useLowData } from "./low-data";

/** `"high"` also raises the fetch priority: for the picture that is likely the page's largest (its LCP element). */
export type PosterPriority = boolean | "high";

/** In a list whose first `eagerCount` pictures are above the fold, the first one is the likely LCP element. */
export function listPriority(index: number, eagerCount: number): PosterPriority {
  if (index >= eagerCount) return false;
  return index === 0 ? "high" : true;
}

// React 18 does not know the `fetchPriority` prop (it warns and passes it through); the lowercase attribute works.
const HIGH_FETCH_PRIORITY = { fetchpriority: "high" };

type PosterImageProps = {
  image: Image;
  alt: string;
  /** Intrinsic size used to reserve space (no layout shift); the picture scales to its box. */
  width: number;
  height: number;
  sizes?: string;
  priority?: PosterPriority;
  className?: string;
};

/** Thumbnails are half the preview's width upstream (150/300 for posters). */
function srcSet(thumbnail: string | null, preview: string | null, width: number): string | undefined {
  const candidates = [thumbnail ? `${thumbnail} ${Math.round(width / 2)}w` : null, preview ? `${preview} ${width}w` : null].filter(Boolean);
  return candidates.length > 0 ? candidates.join(", ") : undefined;
}

/** The thumbnails alone where the upstream has them: the browser cannot pick the larger preview on a sharp screen. */
export function smallestOf(image: Image): Image {
  const hasThumbnail = image.thumbnail !== null || image.optimized.thumbnail !== null;
  if (!hasThumbnail) return image;
  return { preview: null, thumbnail: image.thumbnail, optimized: { preview: null, thumbnail: image.optimized.thumbnail } };
}

export function PosterImage({
  image,
  alt,
  width,
  height,
  sizes = "(min-width: 960px) 220px, 45vw",
  priority = false,
  className = "",
}: PosterImageProps) {
  const lowData = useLowData() !== null;
  const shown = lowData ? smallestOf(image) : image;
  const fallback = shown.preview ?? shown.thumbnail ?? shown.optimized.preview ?? shown.optimized.thumbnail;
  const boxClass = `image-fallback block w-full object-cover ${className}`;
  if (!fallback) return <div role="img" aria-label={alt} className={boxClass} style={{ aspectRatio: `${width} / ${height}` }} />;
  const webp = srcSet(shown.optimized.thumbnail, shown.optimized.preview, width);
  return (
    <picture>
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      <img
        src={fallback}
        srcSet={srcSet(shown.thumbnail, shown.preview, width)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        {...(priority === "high" ? HIGH_FETCH_PRIORITY : null)}
        decoding="async"
        className={boxClass}
        style={{ aspectRatio: `${width} / ${height}` }}
      />
    </picture>
  );
}
