// /offline: the page the service worker shows for a page never visited on this device while there is no network.
import type { MetaFunction } from "@remix-run/node";
import { OfflinePage } from "~/features/pwa/offline-page";
import { offlinePageStrings } from "~/features/pwa/offline-page-strings";
import { pageMeta } from "~/shared/seo/page-meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: offlinePageStrings.title, description: offlinePageStrings.description, noindex: true });

export default function OfflineRoute() {
  return <OfflinePage />;
}
