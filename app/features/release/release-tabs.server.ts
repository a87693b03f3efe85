// The release page's tabs that ask the upstream for more than the release: members, franchises, torrents.
import { z } from "zod";
import type { RequestArgs } from "~/.server/load-context.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { visitorLocation } from "~/.server/root-data.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { loadRelease, releaseAliasOf, withReleaseId } from "./release-page.server";
import { selectedQuality } from "./torrent-quality";

type TabArgs = RequestArgs & { params: Record<string, string | undefined> };

// Each tab asks for its own data together with the release (decision 0254): members by the alias, franchises by the
// id this process remembers for it; the torrents come in the release's own answer (decision 0264).

export async function loadMembersTab(args: TabArgs) {
  const { api } = args.context;
  const alias = releaseAliasOf(args.request, args.params);
  const [members] = await Promise.all([withRouteErrors(args.request, () => api.releases.members(alias)), loadRelease(args)]);
  return { members };
}

export async function loadFranchisesTab(args: TabArgs) {
  const { api } = args.context;
  const [release, franchises] = await Promise.all([
    loadRelease(args),
    withRouteErrors(args.request, () => withReleaseId(args, (releaseId) => api.franchises.ofRelease(releaseId))),
  ]);
  return { franchises, releaseId: release.id };
}

const TorrentsQuerySchema = z.object({ quality: z.string().max(40).nullable().catch(null) });

/** A 404 where the viewer's location says torrents must be hidden. */
export async function loadTorrentsTab(args: TabArgs) {
  const { request } = args;
  const { api } = args.context;
  const [torrents, location, profile] = await Promise.all([
    withRouteErrors(request, async () => {
      const release = await loadRelease(args);
      // An upstream whose release answer leaves the torrents out is asked for them by the release's id.
      return release.torrents ?? api.torrents.ofRelease(release.id);
    }),
    visitorLocation(api.optional.context),
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
