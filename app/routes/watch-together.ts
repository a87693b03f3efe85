// POST only: a new «Смотреть вместе» room (docs/decisions/0262-watch-together.md).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { createRoomAction } from "~/features/watch-together/room-http.server";

export const action = (args: ActionFunctionArgs) => createRoomAction(args);

export const loader = postOnlyAddress;
