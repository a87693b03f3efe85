// Serves the committed demo media under /storage with MIME types, byte ranges and long caching.
import fs from "node:fs/promises";
import path from "node:path";

const MIME_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".png": "image/png",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".mp4": "video/mp4",
  ".m4s": "video/iso.segment",
  // The clip's seek-preview track (a sprite sheet beside it).
  ".vtt": "text/vtt; charset=utf-8",
};
const SERVED_FOLDERS = new Set(["posters", "episodes", "genres", "avatars", "videos", "video", "clip"]);
/**
 * `clip/…` is `video/…` as a live upstream serves it: the same renditions, no seek-preview track or sheet
 * (DEMO_CLIP_WITHOUT_PREVIEWS_PATH). Null: no such file.
 */
function onDisk(segments: readonly string[]): string[] | null {
  if (segments[0] !== "clip") return [...segments];
  if (segments.at(-1)?.startsWith("thumbnails.")) return null;
  return ["video", ...segments.slice(1)];
}
const CACHE_FOREVER = "public, max-age=31536000, immutable";

type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/** Parses a single "bytes=" range; several ranges are answered with the whole file. */
export function parseRange(header: string | null, size: number): ByteRange {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = "", endText = ""] = match;
  if (startText === "" && endText === "") return "unsatisfiable";
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

function notFound(): Response {
  return new Response(JSON.stringify({ message: "Файл не найден" }), {
    status: 404,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

/** `storagePath` is the part after "/storage/", still URL-encoded. */
export async function serveMedia(request: Request, mediaRoot: string, storagePath: string): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(storagePath);
  } catch {
    return notFound();
  }
  const segments = decoded.split("/");
  if (
    decoded.includes("\0") ||
    decoded.includes("\\") ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..") ||
    !SERVED_FOLDERS.has(segments[0] ?? "")
  ) {
    return notFound();
  }
  const fileSegments = onDisk(segments);
  if (!fileSegments) return notFound();
  const root = path.resolve(mediaRoot);
  const filePath = path.resolve(root, ...fileSegments);
  const mimeType = MIME_TYPES[path.extname(filePath).toLowerCase()];
  if (!filePath.startsWith(root + path.sep) || !mimeType) return notFound();
  let stat;
  try {
    stat = await fs.stat(filePath);
  } catch {
    return notFound();
  }
  if (!stat.isFile()) return notFound();

  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "content-type": mimeType,
    "accept-ranges": "bytes",
    "cache-control": CACHE_FOREVER,
    etag,
    "last-modified": stat.mtime.toUTCString(),
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "content-length, content-range, accept-ranges",
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get("range"), stat.size);
  if (range === "unsatisfiable") {
    headers.set("content-range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? stat.size - 1;
  headers.set("content-length", String(end - start + 1));
  if (range) headers.set("content-range", `bytes ${start}-${end}/${stat.size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const file = await fs.readFile(filePath);
  return new Response(new Uint8Array(file.subarray(start, end + 1)), { status, headers });
}
