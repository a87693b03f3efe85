// /anime/video/episode/{id}/next: a redirect to the episode after this one.
export { loader } from "~/features/player/next-episode.server";
