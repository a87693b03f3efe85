// The torrents tab; a 404 where the viewer's location says torrents must be hidden.
import { useLoaderData } from "@remix-run/react";
import { TorrentsTab } from "~/features/release/torrents-tab";
import type { loadTorrentsTab } from "~/features/release/release-tabs.server";

export { loadTorrentsTab as loader } from "~/features/release/release-tabs.server";

export default function ReleaseTorrents() {
  const { torrents, quality } = useLoaderData<typeof loadTorrentsTab>();
  return <TorrentsTab torrents={torrents} quality={quality} />;
}
