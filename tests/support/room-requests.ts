// «Смотреть вместе» as a client without a browser talks to it (the request-level tests, the volume attack, the
// fan-out bench): a form posted from a given address with the site's Origin, the member cookie it sets, and the
// events of a member's stream as they arrive.

/** The demo episode id a room is made on: the room does not ask the API whether it exists. */
export const ROOM_EPISODE_ID = "9f1c2d3e-0000-4000-8000-000000000001";

/** A form posted to `path` of `origin` as a client at `address` (the servers trust X-Forwarded-For), with the member's cookie. */
export function postRoomForm(
  origin: string,
  path: string,
  address: string,
  fields: Record<string, string>,
  cookie = "",
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      "X-Forwarded-For": address,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** The `wt_member=…` pair an answer set, to send back as a Cookie header. */
export function memberCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("wt_member="));
  if (!cookie) throw new Error(`no member cookie (status ${response.status})`);
  return cookie.split(";")[0]!;
}

export type RoomEvent = { event: string; data: unknown };

/**
 * Reads a member's stream, handing each event to `heard` as it arrives, until the stream ends or `heard` answers
 * false; the stream is then let go.
 */
export async function readRoomEvents(response: Response, heard: (event: RoomEvent) => boolean | void): Promise<void> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf("\n\n")) !== -1) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data && heard({ event, data: JSON.parse(data) }) === false) return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
