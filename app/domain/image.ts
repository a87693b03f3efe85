/** An image in the sizes the upstream publishes; every URL is absolute (or null when the upstream sent none). */
export type Image = {
  preview: string | null;
  thumbnail: string | null;
  optimized: { preview: string | null; thumbnail: string | null };
};

export const EMPTY_IMAGE: Image = { preview: null, thumbnail: null, optimized: { preview: null, thumbnail: null } };

/** The best URL to show: the optimized (webp) preview first, then the original. */
export function imageSource(image: Image, size: "preview" | "thumbnail" = "preview"): string | null {
  return image.optimized[size] ?? image[size] ?? image.optimized.preview ?? image.preview;
}
