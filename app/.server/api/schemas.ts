// Building blocks for tolerant upstream schemas (docs/upstream.md#quirks lists the variations accepted here).
import { z } from "zod/v4";
import type { Image } from "~/domain/image";
import type { Labelled } from "~/domain/enumeration";
import type { Page, Pagination } from "~/domain/pagination";
import { safeRedirectPath } from "../security/safe-redirect.server";

/** Missing and null are the same thing upstream; absent text becomes null. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value == null || value === "" ? null : value));
export const optionalNumber = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish()
  .transform((value) => (value == null || Number.isNaN(value) ? null : value));
export const countNumber = optionalNumber.transform((value) => value ?? 0);
export const flag = z
  .boolean()
  .nullish()
  .transform((value) => value === true);
/** Ids arrive as numbers or numeric strings depending on the endpoint. */
export const numericId = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
export const stringId = z.union([z.string().min(1), z.number().transform(String)]);

const ImageUrlsSchema = z
  .object({ preview: z.string().nullish(), src: z.string().nullish(), thumbnail: z.string().nullish() })
  .passthrough();

/** Posters and previews: `preview` is called `src` in older answers. */
export const ImageSchema = ImageUrlsSchema.extend({ optimized: ImageUrlsSchema.nullish() })
  .nullish()
  .transform((image) => ({
    preview: image?.preview ?? image?.src ?? null,
    thumbnail: image?.thumbnail ?? null,
    optimized: {
      preview: image?.optimized?.preview ?? image?.optimized?.src ?? null,
      thumbnail: image?.optimized?.thumbnail ?? null,
    },
  }));
export type RawImage = z.output<typeof ImageSchema>;

/**
 * The one check every absolute URL from the upstream passes before it can reach an `href` or `src`: an http(s)
 * URL (`//host/…` taken as https), normalised by the URL parser; `javascript:`, `data:`, `vbscript:`,
 * relative text and anything unparsable become null.
 */
export function webUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text.startsWith("//") ? `https:${text}` : text);
  } catch {
    return null;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
}

/** An upstream link to another site: http(s) only, else null. */
export const webUrl = optionalText.transform(webUrlOrNull);

/**
 * An upstream link that may also be a path on this site (promotions point at releases and `/support`): the
 * path checked like a redirect target, anything else must be http(s).
 */
export const siteOrWebUrl = optionalText.transform((value) => {
  if (value === null) return null;
  if (value.startsWith("/") && !value.startsWith("//")) return safeRedirectPath(value, "") || null;
  return webUrlOrNull(value);
});

// eslint-disable-next-line no-control-regex
const MAGNET_URI = /^magnet:\?[^\u0000-\u0020\u007f"<>\\`]+$/i;

/** Torrent links: a `magnet:?` URI (a legitimate non-http scheme, it opens the torrent client), else null. */
export const magnetUri = optionalText.transform((value) => {
  const magnet = value?.trim() ?? "";
  return MAGNET_URI.test(magnet) ? magnet : null;
});

/** Path segments the URL parser keeps exactly as written: no dot segments, escapes or characters it would encode. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
const plainOrigins = new Map<string, boolean>();

/** An http(s) origin written the way the URL parser writes it, so `${origin}${plain path}` is already its href. */
function isPlainWebOrigin(origin: string): boolean {
  let plain = plainOrigins.get(origin);
  if (plain === undefined) {
    plain = webUrlOrNull(origin) === `${origin}/` && new URL(origin).origin === origin;
    if (plainOrigins.size < 100) plainOrigins.set(origin, plain);
  }
  return plain;
}

/** Absolute URL of an upstream media path: `/storage/...` on the media host, `//host/...` over https. */
export function resolveMediaUrl(path: string | null | undefined, mediaOrigin: string): string | null {
  if (!path) return null;
  if (path.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(path)) return webUrlOrNull(path);
  const absolutePath = path.startsWith("/") ? path : `/${path}`;
  // Hundreds of images a page: the common path needs no URL parser (the same result, checked in the tests).
  if (PLAIN_PATH.test(absolutePath) && isPlainWebOrigin(mediaOrigin)) return `${mediaOrigin}${absolutePath}`;
  return webUrlOrNull(new URL(absolutePath, mediaOrigin).toString());
}

export function resolveImage(image: RawImage, mediaOrigin: string): Image {
  return {
    preview: resolveMediaUrl(image.preview, mediaOrigin),
    thumbnail: resolveMediaUrl(image.thumbnail, mediaOrigin),
    optimized: {
      preview: resolveMediaUrl(image.optimized.preview, mediaOrigin),
      thumbnail: resolveMediaUrl(image.optimized.thumbnail, mediaOrigin),
    },
  };
}

/**
 * `{value, description}` of an enumeration. The value may be null, or a string this build does not know
 * (kept, so the page shows the description instead of failing); numbers (publish day) pass as numbers.
 */
export function labelledSchema<Value extends z.ZodTypeAny>(value: Value) {
  return z
    .object({ value: value.nullish(), description: z.string().nullish() })
    .passthrough()
    .nullish()
    .transform((labelled): Labelled<NonNullable<z.output<Value>>> => ({
      value: (labelled?.value ?? null) as NonNullable<z.output<Value>> | null,
      description: labelled?.description ?? null,
    }));
}
export const LabelledTextSchema = labelledSchema(z.string());

/** A list endpoint that answers a bare array on the live server and `{data: [...]}` in the document. */
export function listSchema<Item extends z.ZodTypeAny>(item: Item) {
  return z
    .union([z.array(item), z.object({ data: z.array(item) })])
    .transform((answer): z.output<Item>[] => (Array.isArray(answer) ? answer : answer.data));
}

/** One object, or (older answers) a one-element array; an empty array means "nothing". */
export function oneSchema<Item extends z.ZodTypeAny>(item: Item) {
  return z.union([z.array(item), z.object({ data: item }), item]).transform((answer): z.output<Item> | null => {
    if (Array.isArray(answer)) return (answer[0] as z.output<Item> | undefined) ?? null;
    if (answer && typeof answer === "object" && "data" in answer && Object.keys(answer).length === 1) {
      return (answer as { data: z.output<Item> }).data;
    }
    return answer as z.output<Item>;
  });
}

const PaginationSchema = z
  .object({
    total: countNumber,
    count: countNumber,
    per_page: countNumber,
    current_page: optionalNumber,
    total_pages: optionalNumber,
    links: z
      .object({ next: z.string().nullish(), previous: z.string().nullish() })
      .passthrough()
      .nullish()
      .or(z.array(z.unknown()).transform(() => null)),
  })
  .passthrough();

/** The paged envelope `{data, meta: {pagination}}`; a page without meta is read as the only page. */
export function pageSchema<Item extends z.ZodTypeAny>(item: Item) {
  return z
    .object({
      data: z.array(item),
      meta: z.object({ pagination: PaginationSchema.nullish() }).passthrough().nullish(),
    })
    .transform(({ data, meta }) => {
      const raw = meta?.pagination;
      const pagination: Pagination = {
        total: raw?.total ?? data.length,
        count: raw?.count ?? data.length,
        perPage: raw?.per_page ?? data.length,
        currentPage: raw?.current_page ?? 1,
        totalPages: raw?.total_pages ?? 1,
        links: { next: raw?.links?.next ?? null, previous: raw?.links?.previous ?? null },
      };
      return { items: data as z.output<Item>[], pagination };
    });
}

export function mapPage<Raw, Item>(page: Page<Raw>, map: (raw: Raw) => Item): Page<Item> {
  return { items: page.items.map(map), pagination: page.pagination };
}

/** Answers whose body we do not use (200 with an empty body, or anything else). */
export const IgnoredBodySchema = z.unknown();

/** `{value, label, description}` options of the catalogue and list references. */
export const ReferenceOptionSchema = z
  .object({
    value: z.union([z.string(), z.number().transform(String)]).nullish(),
    label: z.string().nullish(),
    description: z.string().nullish(),
  })
  .passthrough()
  .transform((option) =>
    option.value == null
      ? null
      : { value: option.value, label: option.label ?? option.description ?? option.value, description: option.description ?? null },
  );

export const GenreOptionSchema = z
  .object({ id: numericId, name: z.string() })
  .passthrough()
  .transform(({ id, name }) => ({ id, name }));

export const YearsSchema = listSchema(numericId);
