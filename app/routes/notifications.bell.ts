// POST only: the bell on a title (decision 0284).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { throwPageNotFound } from "~/.server/not-found.server";
import { bellAction } from "~/features/episode-bell/bell-action.server";

export const action = (args: ActionFunctionArgs) => bellAction(args);

export function loader({ request }: LoaderFunctionArgs): never {
  throwPageNotFound(request);
}
