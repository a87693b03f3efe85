// What the release page and the player show of their title's bell (decision 0284).
import type { ApiHandle } from "~/.server/api/handle";
import { getEnv } from "~/.server/env.server";
import { logWarn } from "~/.server/log.server";
import { bellOwnerOf } from "~/.server/notifications/bell-owner.server";
import { bellModeOf, noteListMembership } from "~/.server/notifications/bells.server";
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
