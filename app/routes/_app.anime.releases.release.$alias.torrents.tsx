// The torrents tab; a 404 where the viewer's location says torrents must be hidden.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getLocation, getProfile } from "~/.server/api/profile";
import { apiContext } from "~/.server/api/context";
import { getReleaseTorrents, torrentFileUrl } from "~/.server/api/torrents";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { getSessionToken } from "~/.server/session.server";
import { loadRelease } from "~/features/release/release-page.server";
import { selectedQuality } from "~/features/release/torrent-quality";
import { TorrentsTab } from "~/features/release/torrents-tab";

const TorrentsQuerySchema = z.object({ quality: z.string().max(40).nullable().catch(null) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const release = await loadRelease(request, params);
  const optional = apiContext(request, { timeout: "optional" });
  const [torrents, location, profile] = await Promise.all([
    withRouteErrors(request, () => getReleaseTorrents(request, release.id)),
    getLocation(optional).catch(() => null),
    getSessionToken(request) ? getProfile(optional).catch(() => null) : Promise.resolve(null),
  ]);
  if (location?.parameters.shouldHideTorrents) throwPageNotFound(request);
  const { quality } = TorrentsQuerySchema.parse({ quality: new URL(request.url).searchParams.get("quality") });
  // The passkey makes the .torrent file count towards the user's own tracker statistics.
  const passkey = profile?.torrents.passkey ?? null;
  return {
    torrents: torrents.map((torrent) => ({ ...torrent, fileUrl: torrentFileUrl(request, torrent.hash || torrent.id, passkey) })),
    quality: selectedQuality(torrents, quality),
  };
}

export default function ReleaseTorrents() {
  const { torrents, quality } = useLoaderData<typeof loader>();
  return <TorrentsTab torrents={torrents} quality={quality} />;
}
