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

/** Room ids, member ids and member secrets: 128 random bits in base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A room id as the server makes them, or null. */
export function roomIdOf(value: string | null | undefined): string | null {
  return value && TOKEN_PATTERN.test(value) ? value : null;
}

/** The server's clock, sampled by every member (decision 0280). */
export const ROOM_CLOCK_PATH = "/watch-together/clock";
