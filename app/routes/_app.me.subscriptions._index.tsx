import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { loadSubscriptionsPage } from "~/features/episode-bell/subscriptions-page.server";
import { SubscriptionsPage } from "~/features/episode-bell/subscriptions-page";
import { bellStrings } from "~/features/episode-bell/strings";
import { pageMeta } from "~/shared/seo/page-meta";

export { loadSubscriptionsPage as loader, saveQuietHoursAction as action } from "~/features/episode-bell/subscriptions-page.server";

export const meta: MetaFunction<typeof loadSubscriptionsPage> = (args) =>
  pageMeta(args, { title: bellStrings.subscriptions.title, description: bellStrings.subscriptions.description, noindex: true });

export default function SubscriptionsRoute() {
  const { bells, devices, quietHours } = useLoaderData<typeof loadSubscriptionsPage>();
  return <SubscriptionsPage bells={bells} devices={devices} quietHours={quietHours} />;
}
