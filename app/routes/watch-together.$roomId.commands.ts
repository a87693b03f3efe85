// POST only: a room member's playback change, chat message or leave (docs/decisions/0262-watch-together.md).
import { postOnlyAddress } from "~/.server/not-found.server";

export { commandAction as action } from "~/features/watch-together/room-http.server";

export const loader = postOnlyAddress;
