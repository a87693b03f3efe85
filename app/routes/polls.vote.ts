// POST only: the home page poll's vote form (docs/decisions/0155-home-polls.md).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { pollVoteAction } from "~/features/home/home-poll.server";

export const action = (args: ActionFunctionArgs) => pollVoteAction(args);

export const loader = postOnlyAddress;
