// «Смотреть вместе» at the request level (decisions 0262, 0279): every address of a room and every answer it gives —
// creating and joining, the invitation page, a member's commands, stream and clock, their names and bounds — and what
// an ended room answers: the invitation as a page with a way on, the member's stream as a plain `gone` event.
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { watchTogetherStrings as strings } from "~/features/watch-together/strings";
import { NoScriptBrowser } from "./support/form-posts";
import { pageOf, siteUrl } from "./support/page";
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

/** A room made by a browser of its own: its id and its host. */
async function newRoom(hostName = "Аня") {
  const host = new NoScriptBrowser();
  const { status, answer } = await createRoom(host, hostName);
  expect(status).toBe(201);
  return { host, roomId: answer.roomId! };
}

function sendCommand(browser: NoScriptBrowser, roomId: string, fields: Record<string, string>) {
  return browser.send(`/watch-together/${roomId}/commands`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "application/json" },
  });
}

/** A refusal's status, the words it gives and that no cache keeps it. */
async function expectRefusal(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toMatch(/no-store/);
  expect(await response.json()).toEqual({ error: message });
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

describe("the room's HTTP contract", () => {
  const UNKNOWN_ROOM = "A".repeat(22);

  test("POST /watch-together makes a room: 201 with its id and path, and the host's cookie on the room's path only", async () => {
    const host = new NoScriptBrowser();
    const response = await host.send("/watch-together", {
      method: "POST",
      body: new URLSearchParams({ episodeId: ROOM_EPISODE_ID, position: "12.5", name: "Аня" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const { roomId, path } = (await response.json()) as { roomId: string; path: string };
    expect(roomId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(path).toBe(`/watch-together/${roomId}`);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("wt_member="));
    expect(cookie).toMatch(new RegExp(`; Path=/watch-together/${roomId};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const { state } = await stateOf(host, roomId);
    expect(state).toMatchObject({ playback: { episodeId: ROOM_EPISODE_ID, position: 12.5 } });
  });

  test.each([
    ["no episode", { name: "Аня" }],
    ["an episode id that is no id", { episodeId: "../../etc", name: "Аня" }],
    ["a position past a day", { episodeId: ROOM_EPISODE_ID, position: "86401", name: "Аня" }],
    ["a position that is no number", { episodeId: ROOM_EPISODE_ID, position: "NaN", name: "Аня" }],
  ])("POST /watch-together with %s is a 400 «Неверная команда»", async (_case, fields) => {
    const response = await new NoScriptBrowser().send("/watch-together", { method: "POST", body: new URLSearchParams(fields) });
    await expectRefusal(response, 400, strings.badCommand);
  });

  test("POST /watch-together without a name, or with one too long, says what a name is", async () => {
    const host = new NoScriptBrowser();
    expect(await createRoom(host, "")).toEqual({ status: 400, answer: { error: strings.badName } });
    expect(await createRoom(host, "я".repeat(41))).toEqual({ status: 400, answer: { error: strings.badName } });
  });

  test("one address asking for rooms too often is told to wait, with Retry-After", async () => {
    const host = new NoScriptBrowser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await createRoom(host, `Аня ${attempt}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const response = await host.send("/watch-together", {
      method: "POST",
      body: new URLSearchParams({ episodeId: ROOM_EPISODE_ID, name: "Аня" }),
    });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectRefusal(response, 429, strings.tooFast);
  });

  test("GET /watch-together and GET …/commands are a 404: they only take posts", async () => {
    const browser = new NoScriptBrowser();
    for (const path of ["/watch-together", `/watch-together/${UNKNOWN_ROOM}/commands`]) {
      expect((await browser.send(path)).status, path).toBe(404);
    }
  });

  test("a write from another site is refused before it reaches the room", async () => {
    const { roomId } = await newRoom();
    for (const path of ["/watch-together", `/watch-together/${roomId}`, `/watch-together/${roomId}/commands`]) {
      const response = await fetch(new URL(path, siteUrl()), {
        method: "POST",
        body: new URLSearchParams({ episodeId: ROOM_EPISODE_ID, name: "Вера", type: "pause", position: "1" }),
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      expect(response.status, path).toBe(403);
    }
  });

  test("the invitation: a page for a visitor with the room's size, the player straight away for a member", async () => {
    const { host, roomId } = await newRoom();
    const visitor = new NoScriptBrowser();
    const page = await pageOf(`/watch-together/${roomId}`, await visitor.send(`/watch-together/${roomId}`));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/no-store/);
    expect(page.screen.getByRole("heading", { level: 1 }).textContent).toBe(strings.joinTitle);
    expect(page.document.body.textContent).toContain(strings.joinLead(1));
    expect(page.screen.getByRole("button", { name: strings.join })).toBeTruthy();
    const ended = await visitor.send(`/watch-together/${UNKNOWN_ROOM}`);
    expect(ended.status).toBe(404);
    expect(ended.headers.get("cache-control")).toMatch(/no-store/);
    expect((await visitor.send("/watch-together/not-a-room")).status).toBe(404);
    const member = await host.send(`/watch-together/${roomId}`);
    expect(member.status).toBe(302);
    expect(member.headers.get("location")).toBe(`/anime/video/episode/${ROOM_EPISODE_ID}?room=${roomId}`);
  });

  test("joining: the player in the room and a cookie of one's own; a member joining again goes straight there", async () => {
    const { roomId } = await newRoom();
    const guest = new NoScriptBrowser();
    const joined = await joinRoom(guest, roomId, "Боря");
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe(`/anime/video/episode/${ROOM_EPISODE_ID}?room=${roomId}`);
    expect(joined.headers.getSetCookie().some((cookie) => cookie.startsWith("wt_member="))).toBe(true);
    const again = await joinRoom(guest, roomId, "Боря");
    expect(again.status).toBe(302);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await stateOf(guest, roomId)).state.members.map((member) => member.name)).toEqual(["Аня", "Боря"]);
  });

  test("joining with a bad name is the invitation again under a 400, saying what a name is", async () => {
    const { roomId } = await newRoom();
    const guest = new NoScriptBrowser();
    const page = await pageOf(`/watch-together/${roomId}`, await joinRoom(guest, roomId, ""));
    expect(page.status).toBe(400);
    expect(page.document.body.textContent).toContain(strings.badName);
    expect(page.screen.getByRole("button", { name: strings.join })).toBeTruthy();
  });

  test("joining an ended room is the page that says so, under a 404", async () => {
    const page = await pageOf(`/watch-together/${UNKNOWN_ROOM}`, await joinRoom(new NoScriptBrowser(), UNKNOWN_ROOM, "Боря"));
    expect(page.status).toBe(404);
    expect(page.document.body.textContent).toContain(strings.roomNotFound);
  });

  test("a member's stream: hello with the member's id and player, the room's state, the chat's history", async () => {
    const { host, roomId } = await newRoom();
    expect((await sendCommand(host, roomId, { type: "chat", text: "Привет" })).status).toBe(200);
    const response = await host.send(`/watch-together/${roomId}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const [hello, state, history] = await eventsOf(response, 3);
    expect(hello).toMatchObject({ event: "hello", data: { playerPath: `/anime/video/episode/${ROOM_EPISODE_ID}?room=${roomId}` } });
    expect(state).toMatchObject({ event: "state", data: { hostId: (hello!.data as { memberId: string }).memberId } });
    expect(history).toMatchObject({ event: "history", data: [{ text: "Привет" }] });
  });

  test("a stranger's stream and commands are refused as «not in this room»", async () => {
    const { roomId } = await newRoom();
    const stranger = new NoScriptBrowser();
    await expectRefusal(await stranger.send(`/watch-together/${roomId}/events`), 403, strings.notMember);
    await expectRefusal(await sendCommand(stranger, roomId, { type: "pause", position: "1" }), 403, strings.notMember);
    stranger.setCookie("wt_member", `${"A".repeat(22)}.${"B".repeat(22)}`);
    await expectRefusal(await sendCommand(stranger, roomId, { type: "pause", position: "1" }), 403, strings.notMember);
  });

  test("a member's fourth stream at once is refused: three tabs are enough", async () => {
    const { host, roomId } = await newRoom();
    const open: Response[] = [];
    for (let tab = 0; tab < 3; tab += 1) {
      const response = await host.send(`/watch-together/${roomId}/events`);
      expect(response.status).toBe(200);
      // The stream counts once it is read from: its first event says it is attached.
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/event: hello/);
      open.push(response);
      reader.releaseLock();
    }
    await expectRefusal(await host.send(`/watch-together/${roomId}/events`), 429, strings.tooFast);
    await Promise.all(open.map((response) => response.body?.cancel()));
  });

  test("commands to an ended room are a 404 saying so", async () => {
    await expectRefusal(await sendCommand(new NoScriptBrowser(), UNKNOWN_ROOM, { type: "leave" }), 404, strings.roomNotFound);
  });

  test.each([
    ["an unknown type", { type: "jump" }],
    ["a play without a position", { type: "play" }],
    ["a seek before the start", { type: "seek", position: "-1" }],
    ["a rate off the scale", { type: "rate", rate: "16" }],
    ["control by nobody", { type: "control", mode: "nobody" }],
    ["a removal of no member", { type: "remove", targetId: "x" }],
  ])("a command with %s is a 400 «Неверная команда»", async (_case, fields) => {
    const { host, roomId } = await newRoom();
    await expectRefusal(await sendCommand(host, roomId, fields), 400, strings.badCommand);
  });

  test("a chat message empty or past 500 characters says how long a message is; a body past the form limit is a 413", async () => {
    const { host, roomId } = await newRoom();
    await expectRefusal(await sendCommand(host, roomId, { type: "chat", text: "   " }), 400, strings.badMessage);
    await expectRefusal(await sendCommand(host, roomId, { type: "chat", text: "ж".repeat(501) }), 400, strings.badMessage);
    expect((await sendCommand(host, roomId, { type: "chat", text: "a".repeat(40_000) })).status).toBe(413);
  });

  test("a flood of chat messages is told to wait, with Retry-After", async () => {
    const { host, roomId } = await newRoom();
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let index = 0; index < 8; index += 1) {
      const response = await sendCommand(host, roomId, { type: "chat", text: `сообщение ${index}` });
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses).toContain(429);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectRefusal(refused!, 429, strings.tooFast);
  });

  test("when only the host controls, a guest's playback change is refused as «Управляет только ведущий»", async () => {
    const { host, roomId } = await newRoom();
    const guest = new NoScriptBrowser();
    await joinRoom(guest, roomId, "Боря");
    expect((await sendCommand(guest, roomId, { type: "pause", position: "3" })).status).toBe(200);
    expect(await (await sendCommand(host, roomId, { type: "control", mode: "host" })).json()).toEqual({ ok: true });
    await expectRefusal(await sendCommand(guest, roomId, { type: "seek", position: "30" }), 403, strings.notAllowed);
    expect((await sendCommand(host, roomId, { type: "seek", position: "30" })).status).toBe(200);
  });

  test("leaving forgets the member's cookie: the invitation asks for a name again", async () => {
    const { roomId } = await newRoom();
    const guest = new NoScriptBrowser();
    await joinRoom(guest, roomId, "Боря");
    const left = await sendCommand(guest, roomId, { type: "leave" });
    expect(left.status).toBe(200);
    expect(left.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(new RegExp(`^wt_member=; Path=/watch-together/${roomId};.*Max-Age=0`)),
    );
    expect((await guest.send(`/watch-together/${roomId}`)).status).toBe(200);
  });

  test("GET /watch-together/clock: the server's time, never stored", async () => {
    const before = Date.now();
    const response = await new NoScriptBrowser().send("/watch-together/clock");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const { now } = (await response.json()) as { now: number };
    expect(now).toBeGreaterThanOrEqual(before - 60_000);
    expect(now).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  test("the clock asked too often is told to wait, with Retry-After", async () => {
    const browser = new NoScriptBrowser();
    let refused: Response | undefined;
    for (let asked = 0; asked <= 120 && !refused; asked += 1) {
      const response = await browser.send("/watch-together/clock");
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(refused, "the 121st ask in a minute is refused").toBeDefined();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectRefusal(refused!, 429, strings.tooFast);
  });
});
