// What the release page and the player show of their title's bell (decision 0284).
import type { ApiHandle } from "~/.server/api/handle";
import { getEnv } from "~/.server/env.server";
import { logWarn } from "~/.server/log.server";
import { bellOwnerOf } from "~/.server/notifications/bell-owner.server";
import { bellModeOf, anyBellFor, noteListMembership } from "~/.server/notifications/bells.server";
import { collectionOf } from "~/domain/account";
import type { BellOwner, BellState } from "~/domain/episode-bell";

/** Started with the page's other calls: whose bell it is (the account's id comes with the profile). */
export function bellOwnerOfPage(request: Request, api: ApiHandle): Promise<BellOwner | null> {
  return bellOwnerOf(request, api, { optional: true }).catch((error: unknown) => {
    logWarn("bell: owner unavailable", { error });
    return null;
  });
}

/**
 * The bell of `releaseId` for `owner`; `inLists` (when the page knows the viewer's lists) keeps «Только в
 * избранном/списках» following them.
 */
export async function bellStateOf(
  api: ApiHandle,
  owner: BellOwner | null,
  releaseId: number,
  inLists: boolean | null = null,
): Promise<BellState> {
  const pushKey = getEnv().vapid?.publicKey ?? null;
  if (!owner) return { releaseId, mode: "off", signedIn: api.signedIn, pushKey };
  try {
    if (inLists !== null) await noteListMembership(owner, releaseId, inLists);
    return { releaseId, mode: await bellModeOf(owner, releaseId), signedIn: api.signedIn, pushKey };
  } catch (error) {
    // The store is out of reach (Redis down): the page still renders, its bell shown off.
    logWarn("bell: state unavailable", { error });
    return { releaseId, mode: "off", signedIn: api.signedIn, pushKey };
  }
}

/**
 * After a change to the viewer's favorites or collections: «Только в избранном/списках» follows it. Asks the upstream
 * only when someone rings for the release at all.
 */
export async function followListChange(api: ApiHandle, releaseId: number): Promise<void> {
  try {
    if (!(await anyBellFor(releaseId))) return;
    const [profile, favoriteIds, collections] = await Promise.all([api.profile.get(), api.lists.favoriteIds(), api.lists.collectionIds()]);
    const inLists = favoriteIds.includes(releaseId) || collectionOf(collections, releaseId) !== null;
    await noteListMembership({ kind: "account", accountId: profile.id }, releaseId, inLists);
  } catch (error) {
    logWarn("bell: list change not followed", { error });
  }
}
