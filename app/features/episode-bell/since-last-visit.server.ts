// «С прошлого визита» (decision 0284): for a viewer whose devices get no push (none allowed, or none supports it),
// the new episodes of the titles their bell rings for, since the visit before this one. Opening the home page is
// a visit.
import type { ApiHandle } from "~/.server/api/handle";
import { logWarn } from "~/.server/log.server";
import { bellOwnerOf } from "~/.server/notifications/bell-owner.server";
import { ownerKey } from "~/.server/notifications/bells.server";
import { episodesSince, type SeenEpisode } from "~/.server/notifications/deliveries.server";
import { deviceCountOf } from "~/.server/notifications/push-subscriptions.server";
import { noteVisit, viewerSettingsOf } from "~/.server/notifications/viewer-settings.server";
import type { BellOwner } from "~/domain/episode-bell";

const SINCE_LAST_VISIT_SHOWN = 12;

export type SinceLastVisitItem = Pick<SeenEpisode, "episodeId" | "releaseId" | "ordinal" | "alias" | "title" | "poster">;

async function unreachedEpisodes(owner: BellOwner, since: number | null): Promise<SinceLastVisitItem[]> {
  if (since === null || (await deviceCountOf(owner)) > 0) return [];
  return episodesSince(ownerKey(owner), since, SINCE_LAST_VISIT_SHOWN);
}

/** The home page's block; records the visit. Empty for a viewer with no bells, with push, or on a first visit. */
export async function loadSinceLastVisit(request: Request, api: ApiHandle): Promise<SinceLastVisitItem[]> {
  try {
    const owner = await bellOwnerOf(request, api, { optional: true });
    return owner ? await unreachedEpisodes(owner, await noteVisit(owner)) : [];
  } catch (error) {
    logWarn("since last visit unavailable", { error });
    return [];
  }
}

/** For the account menu's count: the same episodes, without recording a visit. */
export async function sinceLastVisitCount(accountId: number): Promise<number> {
  const owner: BellOwner = { kind: "account", accountId };
  const { lastVisitAt, previousVisitAt } = await viewerSettingsOf(owner);
  return (await unreachedEpisodes(owner, previousVisitAt ?? lastVisitAt)).length;
}
