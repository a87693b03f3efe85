// The release page's tabs that ask the upstream for more than the release: members, franchises, torrents.
import { z } from "zod";
import { requestApi, type RequestArgs } from "~/.server/api/handle";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadRelease } from "./release-page.server";
import { selectedQuality } from "./torrent-quality";

type TabArgs = RequestArgs & { params: Record<string, string | undefined> };

export async function loadMembersTab(args: TabArgs) {
  const release = await loadRelease(args);
  return { members: await withRouteErrors(args.request, () => requestApi(args).releases.members(release.id)) };
}

export async function loadFranchisesTab(args: TabArgs) {
  const release = await loadRelease(args);
  return {
    franchises: await withRouteErrors(args.request, () => requestApi(args).franchises.ofRelease(release.id)),
    releaseId: release.id,
  };
}

const TorrentsQuerySchema = z.object({ quality: z.string().max(40).nullable().catch(null) });

/** A 404 where the viewer's location says torrents must be hidden. */
export async function loadTorrentsTab(args: TabArgs) {
  const { request } = args;
  const api = requestApi(args);
  const release = await loadRelease(args);
  const [torrents, location, profile] = await Promise.all([
    withRouteErrors(request, () => api.torrents.ofRelease(release.id)),
    api.optional.profile.location().catch(() => null),
    api.signedIn ? api.optional.profile.get().catch(() => null) : Promise.resolve(null),
  ]);
  if (location?.parameters.shouldHideTorrents) throwPageNotFound(request);
  const { quality } = TorrentsQuerySchema.parse({ quality: new URL(request.url).searchParams.get("quality") });
  // The passkey makes the .torrent file count towards the user's own tracker statistics.
  const passkey = profile?.torrents.passkey ?? null;
  return {
    torrents: torrents.map((torrent) => ({ ...torrent, fileUrl: api.torrents.fileUrl(torrent.hash || torrent.id, passkey) })),
    quality: selectedQuality(torrents, quality),
  };
}
