// POST only: the bell on a title (decision 0284).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { bellAction } from "~/features/episode-bell/bell-action.server";

export const action = (args: ActionFunctionArgs) => bellAction(args);

export const loader = postOnlyAddress;
