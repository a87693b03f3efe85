// One request's releases by id, for the blocks that need them with their episodes: «Продолжить просмотр» and «Вышли
// новые серии» on the home page often ask for the same ones, which are then asked for and parsed once (decision 0264).
import type { ApiCalls, ApiHandle } from "~/.server/api/handle";
import type { Release } from "~/domain/release";

/** The upstream's page size cap. */
const RELEASES_PER_CALL = 50;

// Kept per API handle, that is per request, and gone with it.
const releasesOfRequest = new WeakMap<ApiHandle, Map<number, Promise<Release | undefined>>>();

/**
 * The releases of `ids` the upstream has, in that order. Ids another block of the same request asked for already
 * share its call, whichever budget (`calls`: the page's or the optional blocks') it was made with.
 */
export async function releasesOfRequestByIds(api: ApiHandle, calls: ApiCalls, ids: readonly number[]): Promise<Release[]> {
  let known = releasesOfRequest.get(api);
  if (!known) {
    known = new Map();
    releasesOfRequest.set(api, known);
  }
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  for (let start = 0; start < missing.length; start += RELEASES_PER_CALL) {
    const chunk = missing.slice(start, start + RELEASES_PER_CALL);
    const found = calls.releases
      .byIds({ ids: chunk, limit: RELEASES_PER_CALL })
      .then((page) => new Map(page.items.map((release) => [release.id, release])));
    for (const id of chunk)
      known.set(
        id,
        found.then((byId) => byId.get(id)),
      );
  }
  const releases = await Promise.all(ids.map((id) => known.get(id)));
  return releases.filter((release): release is Release => release !== undefined);
}
