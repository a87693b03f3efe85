// A room member's event stream (server-sent events; docs/decisions/0262-watch-together.md).
export { eventsLoader as loader } from "~/features/watch-together/room-http.server";
