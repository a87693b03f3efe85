// POST only: this device's Web Push subscription (decision 0284).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { pushSubscriptionAction } from "~/features/episode-bell/push-subscription-action.server";

export const action = (args: ActionFunctionArgs) => pushSubscriptionAction(args);

export const loader = postOnlyAddress;
