// Relative /storage paths of the committed demo images, in the live API's image shape.
const pad = (index: number): string => String(index).padStart(2, "0");

export interface ImageSet {
  preview: string;
  thumbnail: string;
  src: string;
  optimized: { preview: string; thumbnail: string; src: string };
}

export type ImageFolder = "posters" | "episodes" | "genres" | "avatars" | "videos";

/** `src` repeats `preview` because older live responses use that name (docs/upstream.md#quirks). */
export function imageSet(folder: ImageFolder, index: number): ImageSet {
  const base = `/storage/${folder}/${pad(index)}`;
  return {
    preview: `${base}/preview.jpg`,
    thumbnail: `${base}/thumbnail.jpg`,
    src: `${base}/preview.jpg`,
    optimized: {
      preview: `${base}/preview.webp`,
      thumbnail: `${base}/thumbnail.webp`,
      src: `${base}/preview.webp`,
    },
  };
}
