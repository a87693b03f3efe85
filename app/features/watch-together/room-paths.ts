// Addresses of «Смотреть вместе», shared by the server and the browser.

/** The player's query parameter that names the room it plays in. */
export const ROOM_QUERY_PARAMETER = "room";

export const CREATE_ROOM_PATH = "/watch-together";

/** The invitation (and the path every member address of the room sits under: the member cookie is scoped to it). */
export function roomPath(roomId: string): string {
  return `/watch-together/${roomId}`;
}

export function roomEventsPath(roomId: string): string {
  return `${roomPath(roomId)}/events`;
}

export function roomCommandsPath(roomId: string): string {
  return `${roomPath(roomId)}/commands`;
}
