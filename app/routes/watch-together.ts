// POST only: a new «Смотреть вместе» room (docs/decisions/0262-watch-together.md).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { throwPageNotFound } from "~/.server/not-found.server";
import { createRoomAction } from "~/features/watch-together/room-http.server";

export const action = (args: ActionFunctionArgs) => createRoomAction(args);

export function loader({ request }: LoaderFunctionArgs): never {
  throwPageNotFound(request);
}
