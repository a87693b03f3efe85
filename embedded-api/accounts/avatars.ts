// Uploaded avatars: a multipart image (JPEG, PNG or WebP by its bytes, at most 2 MB) stored in SQLite and
// served under /storage/uploads/avatars/{userId}/{version}.{ext}; a new upload gets a new version (new URL).
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { ApiError, validationFailed } from "../http/api-error";
import type { Db } from "../db/database";
import { randomSecret } from "./secrets";
import { currentProfile, UPLOADED_AVATARS_PREFIX } from "./profile-routes";

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
/** Room for the multipart boundary and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
const TOO_LARGE = "Файл слишком большой: аватар может весить не больше 2 МБ.";

const IMAGE_TYPES = [
  { ext: "jpg", type: "image/jpeg", matches: (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  {
    ext: "png",
    type: "image/png",
    matches: (bytes: Uint8Array) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte),
  },
  {
    ext: "webp",
    type: "image/webp",
    matches: (bytes: Uint8Array) => ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP",
  },
] as const;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The image type by its first bytes (the declared type and file name are not trusted). */
export function sniffImage(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  return IMAGE_TYPES.find((candidate) => candidate.matches(bytes)) ?? null;
}

const avatarError = (message: string) => validationFailed({ avatar: [message] });

/** Reads the body up to `limit` bytes; a longer one is refused without reading the rest. */
async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new ApiError(413, TOO_LARGE, { avatar: [TOO_LARGE] });
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function readAvatarUpload(context: RequestContext): Promise<{ bytes: Uint8Array; ext: string; type: string }> {
  const contentType = context.request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw avatarError("Отправьте изображение как multipart/form-data в поле avatar.");
  }
  const body = await readLimitedBody(context.request, MAX_AVATAR_BYTES + MULTIPART_OVERHEAD_BYTES);
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(body, { headers: { "content-type": contentType } }).formData()).get("avatar");
  } catch {
    throw avatarError("Отправьте изображение как multipart/form-data в поле avatar.");
  }
  if (!(file instanceof Blob) || file.size === 0) throw avatarError("Поле avatar обязательно для заполнения.");
  if (file.size > MAX_AVATAR_BYTES) throw avatarError(TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) throw avatarError("Аватар должен быть изображением JPEG, PNG или WebP.");
  return { bytes, ext: image.ext, type: image.type };
}

/** Answers `/storage/uploads/avatars/…`, or null when the path is not an upload. */
export function serveUploadedAvatar(db: Db, request: Request, path: string): Response | null {
  if (!path.startsWith(UPLOADED_AVATARS_PREFIX)) return null;
  const match = /^(\d{1,12})\/([A-Za-z0-9_-]+\.(?:jpg|png|webp))$/.exec(path.slice(UPLOADED_AVATARS_PREFIX.length));
  const row = match
    ? (db
        .prepare(
          `SELECT a.content_type, a.data FROM users u JOIN user_avatars a ON a.user_id = u.id
           WHERE u.id = ? AND u.avatar_upload = ?`,
        )
        .get(Number(match[1]), match[2]) as { content_type: string; data: Buffer } | undefined)
    : undefined;
  if (!row) {
    return new Response(JSON.stringify({ message: "Файл не найден" }), {
      status: 404,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }
  const headers = {
    "content-type": row.content_type,
    "content-length": String(row.data.byteLength),
    // The version is part of the address, so the file at it never changes.
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    "access-control-allow-origin": "*",
  };
  return new Response(request.method === "HEAD" ? null : new Uint8Array(row.data), { status: 200, headers });
}

export const avatarRoutes: Route[] = [
  {
    method: "POST",
    path: "/accounts/users/me/profile/avatar",
    handler: async (context) => {
      const { user } = context.requireUser();
      const upload = await readAvatarUpload(context);
      const now = context.now().toISOString();
      context.db.transaction(() => {
        context.db
          .prepare(
            `INSERT INTO user_avatars (user_id, content_type, data, updated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (user_id) DO UPDATE SET content_type = excluded.content_type, data = excluded.data, updated_at = excluded.updated_at`,
          )
          .run(user.id, upload.type, Buffer.from(upload.bytes), now);
        context.db.prepare("UPDATE users SET avatar_upload = ? WHERE id = ?").run(`${randomSecret(9)}.${upload.ext}`, user.id);
      })();
      return currentProfile(context);
    },
  },
  {
    method: "DELETE",
    path: "/accounts/users/me/profile/avatar",
    handler: (context) => {
      const { user } = context.requireUser();
      context.db.transaction(() => {
        context.db.prepare("DELETE FROM user_avatars WHERE user_id = ?").run(user.id);
        context.db.prepare("UPDATE users SET avatar_upload = NULL WHERE id = ?").run(user.id);
      })();
      return currentProfile(context);
    },
  },
];
