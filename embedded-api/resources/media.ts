// Media: the video feed and promotions (both bare arrays at runtime, docs/upstream.md#quirks).
import { z } from "zod";
import type { Route } from "../http/router";
import { integerInput, parseInput } from "../http/validation";
import { imageSet } from "./images";
import { storeOf } from "./store-registry";
import type { PromotionRow, VideoRow } from "../db/rows";
import { prepareCached } from "../db/statement-cache";

/** A video with its origin's columns joined in. */
type VideoWithOriginRow = VideoRow & {
  origin_title: string;
  origin_url: string;
  origin_type: string;
  origin_is_announce: number;
};

export const mediaRoutes: Route[] = [
  {
    method: "GET",
    path: "/media/videos",
    handler: (context) => {
      const { limit } = parseInput(z.object({ limit: integerInput(1, 50).optional() }), context.query);
      const rows = prepareCached(
        context.db,
        `SELECT v.*, o.title AS origin_title, o.url AS origin_url, o.type AS origin_type, o.is_announce AS origin_is_announce
           FROM videos v JOIN video_origins o ON o.id = v.origin_id ORDER BY v.created_at DESC, v.id DESC LIMIT ?`,
      ).all(limit ?? 10) as VideoWithOriginRow[];
      return rows.map((row) => ({
        id: row.id,
        url: `https://www.youtube.com/watch?v=${row.video_id}`,
        title: row.title,
        views: row.views,
        image: imageSet("videos", row.image_index),
        comments: row.comments,
        video_id: row.video_id,
        created_at: row.created_at,
        updated_at: row.updated_at,
        is_announce: row.is_announce === 1,
        origin: {
          id: row.origin_id,
          url: row.origin_url,
          type: { value: row.origin_type, description: "Плейлист YouTube" },
          title: row.origin_title,
          is_announce: row.origin_is_announce === 1,
        },
      }));
    },
  },
  {
    method: "GET",
    path: "/media/promotions",
    handler: (context) => {
      const rows = prepareCached(context.db, "SELECT * FROM promotions ORDER BY random()").all() as PromotionRow[];
      const store = storeOf(context.db);
      const releases = new Map(
        store
          .present(
            rows.flatMap((row) => (row.release_id === null ? [] : [row.release_id])),
            context.origin,
          )
          .map((release) => [release.id as number, release]),
      );
      return rows.map((row) => ({
        id: row.id,
        url: row.url.startsWith("/") ? `${context.origin}${row.url}` : row.url,
        url_label: row.url_label,
        image: imageSet("posters", row.image_index),
        title: row.title,
        description: row.description,
        is_ad: row.is_ad === 1,
        ad_erid: row.ad_erid,
        ad_origin: row.ad_origin,
        release: row.release_id === null ? null : (releases.get(row.release_id) ?? null),
        has_overlay: row.has_overlay === 1,
      }));
    },
  },
];
