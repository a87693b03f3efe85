// «Смотреть вместе» at the request level (decision 0279): creating and joining a room, its names, its bounds, and
// what an ended room answers — the invitation as a page with a way on, the member's stream as a plain `gone` event.
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { NoScriptBrowser } from "./support/form-posts";
import { pageOf } from "./support/page";
import { readRoomEvents, ROOM_EPISODE_ID, type RoomEvent } from "../support/room-requests";

/** The first `count` events of a member's stream (or fewer, when it ends first). */
async function eventsOf(response: Response, count: number): Promise<RoomEvent[]> {
  const events: RoomEvent[] = [];
  await readRoomEvents(response, (event) => events.push(event) < count);
  return events;
}

async function createRoom(browser: NoScriptBrowser, name: string) {
  const response = await browser.send("/watch-together", {
    method: "POST",
    body: new URLSearchParams({ episodeId: ROOM_EPISODE_ID, position: "0", name }),
    headers: { Accept: "application/json" },
  });
  return { status: response.status, answer: (await response.json()) as { roomId?: string; path?: string; error?: string } };
}

async function joinRoom(browser: NoScriptBrowser, roomId: string, name: string) {
  return browser.send(`/watch-together/${roomId}`, { method: "POST", body: new URLSearchParams({ name }) });
}

type StateView = { hostId: string; members: { id: string; name: string }[] };

async function stateOf(browser: NoScriptBrowser, roomId: string): Promise<{ memberId: string; state: StateView }> {
  const [hello, state] = await eventsOf(await browser.send(`/watch-together/${roomId}/events`), 2);
  return { memberId: (hello!.data as { memberId: string }).memberId, state: state!.data as StateView };
}

describe("a room's addresses", () => {
  test("an ended room's invitation says so on the page, with a way on, under a 404", async () => {
    const browser = new NoScriptBrowser();
    const response = await browser.send(`/watch-together/${"x".repeat(22)}`);
    const page = await pageOf("/watch-together", response);
    expect(page.status).toBe(404);
    expect(page.screen.getByRole("heading", { level: 1 }).textContent).toBe("Комната не найдена");
    const notice = within(page.document.querySelector<HTMLElement>('[aria-labelledby="join-room-title"]')!);
    expect(notice.getByRole("link", { name: "На главную" }).getAttribute("href")).toBe("/");
    expect(notice.getByRole("link", { name: "Каталог" }).getAttribute("href")).toBe("/anime/catalog/");
  });

  test("an ended room's event stream says `gone` and ends, so the player plays on", async () => {
    const browser = new NoScriptBrowser();
    const response = await browser.send(`/watch-together/${"x".repeat(22)}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(await eventsOf(response, 5)).toEqual([{ event: "gone", data: { reason: "ended" } }]);
  });

  test("a name is a name: invisible and bidi characters dropped, role words refused", async () => {
    const host = new NoScriptBrowser();
    const refused = await createRoom(host, "Аня · ведущий");
    expect(refused.status).toBe(400);
    expect(refused.answer.error).toMatch(/роль/);
    expect((await createRoom(host, "Аня · вeдущий")).status).toBe(400);
    const created = await createRoom(host, "\u202EАня\u200B");
    expect(created.status).toBe(201);
    const { memberId, state } = await stateOf(host, created.answer.roomId!);
    expect(state.hostId).toBe(memberId);
    expect(state.members.map((member) => member.name)).toEqual(["Аня"]);
    const guest = new NoScriptBrowser();
    expect((await joinRoom(guest, created.answer.roomId!, "HOST")).status).toBe(400);
  });

  test("one address opens at most three rooms at once", async () => {
    const host = new NoScriptBrowser();
    for (let room = 0; room < 3; room += 1) expect((await createRoom(host, `Аня ${room}`)).status).toBe(201);
    const fourth = await createRoom(host, "Аня 4");
    expect(fourth.status).toBe(429);
    expect(fourth.answer.error).toMatch(/три комнаты/);
  });

  test("the host takes a member out; a guest may not; «Выйти» takes the guest out at once", async () => {
    const host = new NoScriptBrowser();
    const { answer } = await createRoom(host, "Аня");
    const roomId = answer.roomId!;
    const guest = new NoScriptBrowser();
    expect((await joinRoom(guest, roomId, "Боря")).status).toBe(302);
    const other = new NoScriptBrowser();
    expect((await joinRoom(other, roomId, "Вера")).status).toBe(302);
    const hostView = await stateOf(host, roomId);
    const guestId = (await stateOf(guest, roomId)).memberId;
    const otherId = (await stateOf(other, roomId)).memberId;
    const command = (browser: NoScriptBrowser, fields: Record<string, string>) =>
      browser.send(`/watch-together/${roomId}/commands`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Accept: "application/json" },
      });
    expect((await command(guest, { type: "remove", targetId: hostView.memberId })).status).toBe(403);
    expect((await command(host, { type: "remove", targetId: otherId })).status).toBe(200);
    expect((await command(guest, { type: "leave" })).status).toBe(200);
    const after = await stateOf(host, roomId);
    expect(after.state.members.map((member) => member.id)).toEqual([hostView.memberId]);
    void guestId;
  });
});
