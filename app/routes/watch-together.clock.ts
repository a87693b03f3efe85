// The server's clock for the members of a «Смотреть вместе» room (docs/decisions/0280-one-clock-and-scheduled-changes-in-watch-together.md).
export { roomClockLoader as loader } from "~/features/watch-together/room-clock.server";
