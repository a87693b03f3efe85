// @vitest-environment happy-dom
// The room panel beside the player as its members meet it: who is in, who hosts, who controls, the chat, leaving,
// and starting a room. The room's connection is a stand-in here (its stream and commands are use-room's and the
// request-level tests'); the panel is what is tested.
import { act } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeValue, click, render } from "../../../tests/support/render-component";
import type { ChatMessage, RoomView } from "./room-state";
import { watchTogetherStrings as strings } from "./strings";
import type { RoomConnection } from "./use-room";
import WatchTogetherPanel from "./watch-together-panel";

const connection = vi.hoisted(() => ({ current: null as RoomConnection | null }));
vi.mock("./use-room", () => ({ useRoom: () => connection.current }));
vi.mock("./use-room-sync", () => ({ useRoomSync: () => undefined }));

const HOST = "h".repeat(22);
const GUEST = "g".repeat(22);
const EPISODE = "episode-1";

function view(overrides: Partial<RoomView> = {}): RoomView {
  return {
    id: "r".repeat(22),
    hostId: HOST,
    control: "all",
    playback: { episodeId: EPISODE, position: 0, paused: true, rate: 1, updatedAt: 0, before: null },
    running: false,
    position: 0,
    members: [
      { id: HOST, name: "Аня", buffering: false },
      { id: GUEST, name: "Боря", buffering: false },
    ],
    now: 0,
    ...overrides,
  };
}

function roomAs(memberId: string, roomView: RoomView | null = view(), chat: ChatMessage[] = []) {
  const send = vi.fn(async (_command: unknown): Promise<string | null> => null);
  const assume = vi.fn();
  connection.current = {
    current: roomView ? { view: roomView } : null,
    memberId,
    chat,
    connected: true,
    gone: null,
    send: send as RoomConnection["send"],
    assume,
    assumeChange: vi.fn(),
    serverNow: () => 0,
    latest: { current: roomView ? { view: roomView } : null },
  };
  return { send, assume, connection: connection.current };
}

function renderPanel({ roomId = "r".repeat(22) as string | null, nickname = null as string | null, onGone = vi.fn() } = {}) {
  const stageRef = { current: null };
  return render(
    <MemoryRouter initialEntries={[`/anime/video/episode/${EPISODE}`]}>
      <WatchTogetherPanel
        roomId={roomId}
        episodeId={EPISODE}
        stageRef={stageRef}
        nickname={nickname}
        hrefFor={(episodeId) => `/anime/video/episode/${episodeId}?room=${roomId}`}
        onGone={onGone}
      />
    </MemoryRouter>,
  );
}

/** Lets the panel's awaited sends settle, then flushes what they changed. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

beforeEach(() => {
  connection.current = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the room panel", () => {
  it("lists the members with the host's mark and «вы», and the host may take a guest out", () => {
    const { send, assume } = roomAs(HOST);
    const screen = renderPanel();
    expect(screen.getByRole("heading", { level: 2, name: strings.roomTitle })).toBeTruthy();
    const members = screen.container.querySelectorAll("[data-room-members] li");
    expect([...members].map((member) => member.textContent)).toEqual([`${strings.hostMark}Аня · ${strings.you}`, "Боря×"]);
    expect(screen.queryByRole("button", { name: strings.removeMember("Аня") })).toBeNull();
    click(screen.getByRole("button", { name: strings.removeMember("Боря") }));
    expect(send).toHaveBeenCalledWith({ type: "remove", targetId: GUEST });
    const withoutGuest = (assume.mock.calls[0]![0] as (current: RoomView) => RoomView)(view());
    expect(withoutGuest.members.map((member) => member.name)).toEqual(["Аня"]);
  });

  it("gives a guest no way to take anyone out, and says so when only the host controls", () => {
    roomAs(GUEST, view({ control: "host" }));
    const screen = renderPanel();
    expect(screen.queryAllByRole("button", { name: /^Убрать/ })).toEqual([]);
    expect(screen.queryByRole("button", { name: strings.controlHost })).toBeNull();
    expect(screen.getByText(strings.hostControls)).toBeTruthy();
  });

  it("lets the host choose who controls, the chosen mode pressed", () => {
    const { send } = roomAs(HOST, view({ control: "all" }));
    const screen = renderPanel();
    expect(screen.getByRole("button", { name: strings.controlAll }).getAttribute("aria-pressed")).toBe("true");
    const hostOnly = screen.getByRole("button", { name: strings.controlHost });
    expect(hostOnly.getAttribute("aria-pressed")).toBe("false");
    click(hostOnly);
    expect(send).toHaveBeenCalledWith({ type: "control", mode: "host" });
  });

  it("says whom the room waits for, and the room's speed when it is not normal", () => {
    roomAs(
      GUEST,
      view({
        playback: { episodeId: EPISODE, position: 0, paused: false, rate: 1.5, updatedAt: 0, before: null },
        members: [
          { id: HOST, name: "Аня", buffering: true },
          { id: GUEST, name: "Боря", buffering: false },
        ],
      }),
    );
    const screen = renderPanel();
    expect(screen.getByRole("status").textContent).toBe(strings.waitingFor("Аня"));
    expect(screen.getByText(strings.roomRate("1,5×"))).toBeTruthy();
  });

  it("shows the chat, sends a message and clears the field; a refusal is read out", async () => {
    const { send } = roomAs(GUEST, view(), [{ id: 1, memberId: HOST, name: "Аня", text: "Привет", at: 0 }]);
    const screen = renderPanel();
    expect(screen.container.querySelector("[data-room-chat]")?.textContent).toBe("Аня: Привет");
    const field = screen.getByRole("textbox", { name: strings.chatPlaceholder }) as HTMLInputElement;
    changeValue(field, "  Смотрим  ");
    click(screen.getByRole("button", { name: strings.send }));
    await settle();
    expect(send).toHaveBeenCalledWith({ type: "chat", text: "Смотрим" });
    expect(field.value).toBe("");
    send.mockResolvedValueOnce(strings.tooFast);
    changeValue(field, "Ещё");
    click(screen.getByRole("button", { name: strings.send }));
    await settle();
    expect(screen.getByRole("alert").textContent).toBe(strings.tooFast);
    expect(field.value).toBe("Ещё");
  });

  it("says there are no messages yet, and that the connection is being restored", () => {
    const { connection: room } = roomAs(GUEST);
    room.connected = false;
    const screen = renderPanel();
    expect(screen.getByText(strings.noMessages)).toBeTruthy();
    expect(screen.getByText(strings.reconnecting)).toBeTruthy();
  });

  it("leaves the room when asked", async () => {
    const { send } = roomAs(GUEST);
    const screen = renderPanel();
    click(screen.getByRole("button", { name: strings.leave }));
    await settle();
    expect(send).toHaveBeenCalledWith({ type: "leave" });
  });

  it("once out of the room says why, tells the player, and offers a room of one's own", () => {
    const { connection: room } = roomAs(GUEST);
    room.gone = "removed";
    const onGone = vi.fn();
    const screen = renderPanel({ onGone });
    expect(screen.getByRole("status").textContent).toBe(strings.removedFromRoom);
    expect(onGone).toHaveBeenCalledWith("r".repeat(22));
    expect(screen.getByRole("button", { name: strings.start })).toBeTruthy();
  });
});

describe("starting a room", () => {
  it("asks a visitor's name first, then says why the room could not be made", async () => {
    const fetchRoom = vi.fn(async () => Response.json({ error: strings.tooManyOwnRooms }, { status: 429 }));
    vi.stubGlobal("fetch", fetchRoom);
    const screen = renderPanel({ roomId: null });
    click(screen.getByRole("button", { name: strings.start }));
    changeValue(screen.getByRole("textbox", { name: strings.yourName }), "Аня");
    click(screen.getByRole("button", { name: strings.create }));
    await settle();
    await settle();
    expect(fetchRoom).toHaveBeenCalledTimes(1);
    const body = (fetchRoom.mock.calls[0] as unknown as [string, RequestInit])[1].body as URLSearchParams;
    expect(Object.fromEntries(body)).toEqual({ episodeId: EPISODE, position: "0", name: "Аня" });
    expect(screen.getByRole("alert").textContent).toBe(strings.tooManyOwnRooms);
  });

  it("makes a signed-in viewer's room at once, under their nickname", async () => {
    const fetchRoom = vi.fn(async () => Response.json({ roomId: "n".repeat(22), path: "/watch-together/x" }, { status: 201 }));
    vi.stubGlobal("fetch", fetchRoom);
    const screen = renderPanel({ roomId: null, nickname: "Хикари" });
    click(screen.getByRole("button", { name: strings.start }));
    await settle();
    expect(screen.queryByRole("textbox", { name: strings.yourName })).toBeNull();
    const body = (fetchRoom.mock.calls[0] as unknown as [string, RequestInit])[1].body as URLSearchParams;
    expect(body.has("name")).toBe(false);
  });
});
