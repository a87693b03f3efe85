// Media: videos and promotions (bare arrays on the live server, `{data}` in the document).
import { z } from "zod/v4";
import type { Promotion, VastCampaign, Video } from "~/domain/media";
import type { ApiContext } from "./context";
import { ReleaseSchema, toRelease } from "./release-schema";
import { requestJson } from "./request";
import { preferNewerCall } from "./upstream-offers";
import {
  flag,
  ImageSchema,
  LabelledTextSchema,
  listSchema,
  numericId,
  optionalNumber,
  optionalText,
  resolveImage,
  resolveMediaUrl,
  siteOrWebUrl,
  stringId,
  webUrl,
} from "./schemas";

export const VideoSchema = z
  .object({
    id: numericId,
    url: optionalText,
    title: z.string(),
    image: ImageSchema,
    views: optionalNumber,
    comments: optionalNumber,
    video_id: optionalText,
    is_announce: flag,
    created_at: optionalText,
    updated_at: optionalText,
    origin: z
      .object({ id: stringId, url: webUrl, title: optionalText, description: optionalText, type: LabelledTextSchema, is_announce: flag })
      .passthrough()
      .nullish(),
  })
  .passthrough();

export const PromotionSchema = z
  .object({
    id: stringId,
    url: siteOrWebUrl,
    url_label: optionalText,
    title: optionalText,
    description: optionalText,
    image: ImageSchema,
    is_ad: flag,
    ad_erid: optionalText,
    ad_origin: optionalText,
    has_overlay: flag,
    release: ReleaseSchema.nullish(),
  })
  .passthrough();

const VastCampaignSchema = z
  .object({ id: stringId, url: webUrl, ad_erid: optionalText, ad_company_itn: optionalText, ad_company_name: optionalText })
  .passthrough();

export const VideoListSchema = listSchema(VideoSchema);
const VastCampaignListSchema = listSchema(VastCampaignSchema);

/** The live `/media/vasts`; an upstream of the June 2025 document serves the same list at `/ads/vasts`. */
export async function getVastCampaigns(context: ApiContext): Promise<VastCampaign[]> {
  const campaigns = await preferNewerCall(
    "media vasts",
    () => requestJson(context, { path: "/media/vasts" }, VastCampaignListSchema),
    () => requestJson(context, { path: "/ads/vasts" }, VastCampaignListSchema),
  );
  return campaigns.map((campaign) => ({
    id: campaign.id,
    tagUrl: campaign.url?.startsWith("https:") ? campaign.url : null,
    adErid: campaign.ad_erid,
    adCompanyItn: campaign.ad_company_itn,
    adCompanyName: campaign.ad_company_name,
  }));
}
export const PromotionListSchema = listSchema(PromotionSchema);

export async function getVideos(context: ApiContext, limit = 12): Promise<Video[]> {
  const videos = await requestJson(context, { path: "/media/videos", query: { limit } }, VideoListSchema);
  return videos.map((video) => ({
    id: video.id,
    url: resolveMediaUrl(video.url, context.mediaOrigin),
    title: video.title,
    image: resolveImage(video.image, context.mediaOrigin),
    views: video.views,
    comments: video.comments,
    videoId: video.video_id,
    isAnnounce: video.is_announce,
    createdAt: video.created_at,
    updatedAt: video.updated_at,
    origin: video.origin
      ? {
          id: video.origin.id,
          url: video.origin.url,
          title: video.origin.title,
          description: video.origin.description,
          type: video.origin.type,
          isAnnounce: video.origin.is_announce,
        }
      : null,
  }));
}

export async function getPromotions(context: ApiContext): Promise<Promotion[]> {
  const promotions = await requestJson(context, { path: "/media/promotions" }, PromotionListSchema);
  return promotions.map((promotion) => ({
    id: promotion.id,
    url: promotion.url,
    urlLabel: promotion.url_label,
    title: promotion.title,
    description: promotion.description,
    image: resolveImage(promotion.image, context.mediaOrigin),
    isAd: promotion.is_ad,
    adErid: promotion.ad_erid,
    adOrigin: promotion.ad_origin,
    hasOverlay: promotion.has_overlay,
    release: promotion.release ? toRelease(promotion.release, context.mediaOrigin) : null,
  }));
}
