// POST only: the home page poll's vote form (docs/decisions/0155-home-polls.md).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { throwPageNotFound } from "~/.server/not-found.server";
import { pollVoteAction } from "~/features/home/home-poll.server";

export const action = (args: ActionFunctionArgs) => pollVoteAction(args);

export function loader({ request }: LoaderFunctionArgs): never {
  throwPageNotFound(request);
}
