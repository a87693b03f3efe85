// POST only: this device's Web Push subscription (decision 0284).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { throwPageNotFound } from "~/.server/not-found.server";
import { pushSubscriptionAction } from "~/features/episode-bell/push-subscription-action.server";

export const action = (args: ActionFunctionArgs) => pushSubscriptionAction(args);

export function loader({ request }: LoaderFunctionArgs): never {
  throwPageNotFound(request);
}
