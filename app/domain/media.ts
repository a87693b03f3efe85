import type { Labelled } from "./enumeration";
import type { Image } from "./image";
import type { Release } from "./release";

export type VideoOrigin = {
  id: string;
  url: string | null;
  title: string | null;
  description: string | null;
  type: Labelled<string>;
  isAnnounce: boolean;
};

export type Video = {
  id: number;
  url: string | null;
  title: string;
  image: Image;
  views: number | null;
  comments: number | null;
  videoId: string | null;
  isAnnounce: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  origin: VideoOrigin | null;
};

/** A video ad campaign of the upstream: its VAST tag and the advertiser's labelling data. */
export type VastCampaign = {
  id: string;
  /** https only: the tag names an ad network, not the operator. */
  tagUrl: string | null;
  adErid: string | null;
  adCompanyItn: string | null;
  adCompanyName: string | null;
};

export type Promotion = {
  id: string;
  url: string | null;
  urlLabel: string | null;
  title: string | null;
  description: string | null;
  image: Image;
  isAd: boolean;
  adErid: string | null;
  adOrigin: string | null;
  hasOverlay: boolean;
  release: Release | null;
};
