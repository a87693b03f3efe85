// POST only: a room member's playback change, chat message or leave (docs/decisions/0262-watch-together.md).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { throwPageNotFound } from "~/.server/not-found.server";

export { commandAction as action } from "~/features/watch-together/room-http.server";

export function loader({ request }: LoaderFunctionArgs): never {
  throwPageNotFound(request);
}
