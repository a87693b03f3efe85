// The signed-in user's profile, the visitor's location and the device fingerprint call.
import { z } from "zod";
import type { Route } from "../http/router";
import { parseInput } from "../http/validation";
import type { RequestContext } from "../http/context";
import { imageSet, type ImageSet } from "../resources/images";
import { locationOf } from "./location";
import type { UserRow } from "../db/rows";

export const UPLOADED_AVATARS_PREFIX = "/storage/uploads/avatars/";

/** An uploaded avatar in the image shape: every size is the uploaded file (nothing is resized). */
function uploadedAvatarSet(user: Pick<UserRow, "id" | "avatar_upload">): ImageSet | null {
  if (!user.avatar_upload) return null;
  const src = `${UPLOADED_AVATARS_PREFIX}${user.id}/${user.avatar_upload}`;
  return { preview: src, thumbnail: src, src, optimized: { preview: src, thumbnail: src, src } };
}

export function presentProfile(user: UserRow): Record<string, unknown> {
  return {
    id: user.id,
    login: user.login,
    email: user.email,
    nickname: user.nickname,
    avatar: uploadedAvatarSet(user) ?? imageSet("avatars", user.avatar_index),
    torrents: { passkey: user.torrent_passkey, uploaded: user.torrents_uploaded, downloaded: user.torrents_downloaded },
    is_banned: user.is_banned === 1,
    created_at: user.created_at,
    // Both documents have the one flag; the live service added the three below (docs/upstream.md#profile).
    is_with_ads: user.is_with_video_ads === 1 || user.is_with_content_ads === 1,
    is_with_video_ads: user.is_with_video_ads === 1,
    is_with_video_ads_always: user.is_with_video_ads_always === 1,
    is_with_content_ads: user.is_with_content_ads === 1,
  };
}

/** The signed-in user's profile as stored now (after a change in this request). */
export function currentProfile(context: RequestContext): Record<string, unknown> {
  const { user } = context.requireUser();
  return presentProfile(context.db.prepare("SELECT * FROM users WHERE id = ?").get(user.id) as UserRow);
}

const ListingSchema = z.object({ pl: z.string().trim().min(1).max(256), wtchd: z.unknown().optional() });

export const profileRoutes: Route[] = [
  {
    method: "GET",
    path: "/accounts/users/me/profile",
    handler: (context) => presentProfile(context.requireUser().user),
  },
  { method: "GET", path: "/accounts/users/location", handler: (context) => locationOf(context.clientIp) },
  {
    method: "POST",
    path: "/accounts/listing",
    // Records the device fingerprint (first/last seen, last user); the web client ignores the answer.
    handler: async (context) => {
      const { pl } = parseInput(ListingSchema, await context.json());
      const now = context.now().toISOString();
      context.db
        .prepare(
          `INSERT INTO device_fingerprints (fingerprint, user_id, ip_address, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (fingerprint) DO UPDATE SET user_id = COALESCE(excluded.user_id, user_id),
             ip_address = excluded.ip_address, last_seen_at = excluded.last_seen_at`,
        )
        .run(pl, context.user()?.user.id ?? null, context.clientIp, now, now);
      return {};
    },
  },
];
