// A bell set to «Только в избранном/списках» follows the viewer's lists (decision 0284): the list actions call this
// after each change, so the store below every feature keeps it, not the bell's feature.
import type { ApiHandle } from "~/.server/api/handle";
import { logWarn } from "~/.server/log.server";
import { collectionOf } from "~/domain/account";
import { anyBellFor, noteListMembership } from "./bells.server";

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
