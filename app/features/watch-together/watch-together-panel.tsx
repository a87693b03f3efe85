// «Смотреть вместе» on the player page (a lazy chunk): the start button, then the room — its link, members, who
// controls, the chat — and the player kept on the room's clock.
import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { playbackRateLabel } from "~/features/video-engine/strings";
import { CharactersLeft, useFieldLength } from "~/components/characters-left";
import { MemberNameField } from "./member-name-field";
import { CREATE_ROOM_PATH, roomPath, ROOM_QUERY_PARAMETER } from "~/domain/room-paths";
import { ROOM_LIMITS } from "./room-limits";
import type { RoomView } from "./room-state";
import { watchTogetherStrings as strings } from "./strings";
import { useRoom, type RoomConnection } from "./use-room";
import { useRoomSync, type SyncProbe } from "./use-room-sync";

type Props = {
  roomId: string | null;
  episodeId: string;
  stageRef: RefObject<HTMLElement>;
  /** A signed-in viewer's nickname: they are not asked for a name. */
  nickname: string | null;
  /** The player address of an episode, in this room. */
  hrefFor(episodeId: string): string;
  /** Told the room's id once the room says this member is out of it (it ended, they left or were taken out). */
  onGone(roomId: string): void;
};

const BUTTON = "rounded border border-white/25 px-3 py-1.5 text-sm hover:bg-white/10 disabled:opacity-60";
const NAME_STORAGE_KEY = "watch-together-name";

export default function WatchTogetherPanel(props: Props) {
  return props.roomId ? <RoomPanel {...props} roomId={props.roomId} /> : <StartRoom {...props} />;
}

function StartRoom({ episodeId, stageRef, nickname }: Props) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (name: string | null) => {
    setBusy(true);
    setError(null);
    const video = stageRef.current?.querySelector("video");
    const body = new URLSearchParams({ episodeId, position: String(Math.floor(video?.currentTime ?? 0)) });
    if (name) body.set("name", name);
    try {
      const response = await fetch(CREATE_ROOM_PATH, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => null)) as { roomId?: string; error?: string } | null;
      if (!response.ok || !answer?.roomId) throw new Error(answer?.error ?? strings.unavailable);
      navigate(`?${ROOM_QUERY_PARAMETER}=${answer.roomId}`, { replace: true, preventScrollReset: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : strings.unavailable);
      setBusy(false);
    }
  };

  const submitName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) return;
    try {
      localStorage.setItem(NAME_STORAGE_KEY, name);
    } catch {
      // Storage off: the name is asked again next time.
    }
    void create(name);
  };

  return (
    <div className="space-y-2" data-watch-together="start">
      {asking ? (
        <form onSubmit={submitName} className="flex flex-wrap items-end gap-2">
          <MemberNameField
            labelClassName="space-y-1"
            inputClassName="rounded border border-white/25 bg-transparent px-3 py-1.5"
            defaultValue={storedName()}
          />
          <button type="submit" className={BUTTON} disabled={busy}>
            {busy ? strings.starting : strings.create}
          </button>
        </form>
      ) : (
        <button type="button" className={BUTTON} disabled={busy} onClick={() => (nickname ? void create(null) : setAsking(true))}>
          {busy ? strings.starting : strings.start}
        </button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function storedName(): string {
  try {
    return localStorage.getItem(NAME_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

/** The drift the tests read: `window.watchTogetherProbe.drift`. */
function useProbe(): SyncProbe {
  const probe = useRef<SyncProbe>({ drift: null });
  useEffect(() => {
    (window as { watchTogetherProbe?: SyncProbe }).watchTogetherProbe = probe.current;
  }, []);
  return probe.current;
}

const GONE_NOTICES = {
  ended: strings.roomClosed,
  removed: strings.removedFromRoom,
  absent: strings.absentFromRoom,
  left: strings.roomClosed,
} as const;

function RoomPanel(props: Props & { roomId: string }) {
  const room = useRoom(props.roomId);
  const { onGone, roomId } = props;
  useEffect(() => {
    if (room.gone) onGone(roomId);
  }, [room.gone, onGone, roomId]);
  if (!room.gone) return <LiveRoom {...props} room={room} />;
  // The episode plays on here; the viewer may start a room of their own.
  return (
    <div className="space-y-2" data-watch-together="closed">
      <p role="status" className="text-sm text-amber-300">
        {GONE_NOTICES[room.gone]}
      </p>
      <StartRoom {...props} roomId={null} />
    </div>
  );
}

function LiveRoom({ roomId, episodeId, stageRef, hrefFor, room }: Props & { roomId: string; room: RoomConnection }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const view = room.current?.view ?? null;
  const canControl = view !== null && (view.control === "all" || view.hostId === room.memberId);
  useRoomSync(room, episodeId, stageRef, canControl, setNotice, useProbe());
  // A refusal told under one control mode says nothing once the host changes it.
  const control = view?.control;
  useEffect(() => setNotice(null), [control]);
  useEpisodeFollowing(room, view, episodeId, canControl, hrefFor, setNotice);

  const leave = async () => {
    await room.send({ type: "leave" });
    navigate(hrefFor(episodeId).split("?")[0]!, { replace: true });
  };

  return (
    <section aria-labelledby="watch-together-title" className="space-y-3 rounded-lg border border-white/15 p-3" data-watch-together="room">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="watch-together-title" className="text-lg font-semibold">
          {strings.roomTitle}
        </h2>
        <button type="button" className={BUTTON} onClick={() => void leave()}>
          {strings.leave}
        </button>
      </div>
      {!room.connected && view ? <p className="text-sm text-amber-300">{strings.reconnecting}</p> : null}
      <ShareLink roomId={roomId} />
      {view ? <Members view={view} room={room} /> : null}
      {view && view.playback.rate !== 1 ? (
        <p className="text-sm text-neutral-300" data-room-rate>
          {strings.roomRate(playbackRateLabel(view.playback.rate))}
        </p>
      ) : null}
      {view && view.hostId === room.memberId ? <ControlToggle view={view} room={room} /> : null}
      {view && view.control === "host" && view.hostId !== room.memberId && !notice ? (
        <p className="text-sm text-neutral-300">{strings.hostControls}</p>
      ) : null}
      {notice ? (
        <p role="status" className="text-sm text-amber-300">
          {notice}
        </p>
      ) : null}
      <Chat room={room} />
    </section>
  );
}

/** The room's episode is everyone's: a change there opens it here; a member who opens another episode changes it. */
function useEpisodeFollowing(
  room: RoomConnection,
  view: RoomView | null,
  episodeId: string,
  canControl: boolean,
  hrefFor: (episodeId: string) => string,
  setNotice: (notice: string) => void,
) {
  const navigate = useNavigate();
  const lastRoomEpisode = useRef<string | null>(null);
  const roomEpisode = view?.playback.episodeId ?? null;
  const { send, assume } = room;
  useEffect(() => {
    if (!roomEpisode) return;
    const previous = lastRoomEpisode.current;
    lastRoomEpisode.current = roomEpisode;
    if (roomEpisode === episodeId) return;
    if (previous === roomEpisode && canControl) {
      // As the room will have it: at the start, waiting until everyone has loaded the episode.
      assume((current) => ({
        ...current,
        running: false,
        position: 0,
        playback: { ...current.playback, episodeId, position: 0 },
        members: current.members.map((member) => ({ ...member, buffering: true })),
      }));
      void send({ type: "episode", episodeId }).then((error) => error && setNotice(error));
      return;
    }
    if (previous === roomEpisode) setNotice(strings.hostControls);
    navigate(hrefFor(roomEpisode), { replace: previous === null });
  }, [roomEpisode, episodeId, canControl, hrefFor, navigate, send, assume, setNotice]);
}

function ShareLink({ roomId }: { roomId: string }) {
  const [copied, setCopied] = useState(false);
  const [link, setLink] = useState(roomPath(roomId));
  useEffect(() => setLink(`${window.location.origin}${roomPath(roomId)}`), [roomId]);
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <div className="space-y-1">
      <label htmlFor="watch-together-link" className="block text-sm text-neutral-300">
        {strings.shareLink}
      </label>
      <div className="flex gap-2">
        <input
          id="watch-together-link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded border border-white/25 bg-transparent px-2 py-1 text-sm"
        />
        <button type="button" className={BUTTON} onClick={copy}>
          {copied ? strings.copied : strings.copy}
        </button>
      </div>
    </div>
  );
}

function Members({ view, room }: { view: RoomView; room: RoomConnection }) {
  const { memberId } = room;
  const waiting = view.members.filter((member) => member.buffering).map((member) => member.name);
  const hosting = memberId !== null && view.hostId === memberId;
  const remove = (targetId: string) => {
    room.assume((current) => ({ ...current, members: current.members.filter((member) => member.id !== targetId) }));
    void room.send({ type: "remove", targetId });
  };
  return (
    <div className="space-y-1">
      <h3 className="text-sm text-neutral-300">{strings.members}</h3>
      <ul className="flex flex-wrap gap-2 text-sm" data-room-members>
        {view.members.map((member) => (
          <li key={member.id} className="flex items-center gap-1 rounded bg-white/10 px-2 py-0.5" data-room-member={member.id}>
            {member.id === view.hostId ? <HostMark /> : null}
            <span>{member.name}</span>
            {member.id === memberId ? <span className="text-neutral-300"> · {strings.you}</span> : null}
            {member.buffering ? <span className="text-amber-300"> · {strings.buffering}</span> : null}
            {hosting && member.id !== memberId ? (
              <button
                type="button"
                className="ml-1 rounded px-1 text-neutral-300 hover:bg-white/20 hover:text-white"
                aria-label={strings.removeMember(member.name)}
                title={strings.removeMember(member.name)}
                onClick={() => remove(member.id)}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {waiting.length > 0 ? (
        <p role="status" className="text-sm text-amber-300">
          {strings.waitingFor(waiting.join(", "))}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The host's mark: a badge drawn apart from the name, which no name can imitate (names may not name a role, and
 * their text is drawn as plain text in the list).
 */
function HostMark() {
  return (
    <span className="inline-flex items-center gap-0.5 rounded bg-amber-400 px-1 text-xs font-semibold text-black" data-host-mark>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 fill-current">
        <path d="M2 12h12l1-8-4 3-3-5-3 5-4-3z" />
      </svg>
      {strings.hostMark}
    </span>
  );
}

function ControlToggle({ view, room }: { view: RoomView; room: RoomConnection }) {
  const choose = (mode: "all" | "host") => {
    room.assume((current) => ({ ...current, control: mode }));
    void room.send({ type: "control", mode });
  };
  return (
    <fieldset className="flex flex-wrap gap-2 text-sm">
      <legend className="sr-only">{strings.controlLabel}</legend>
      {(["all", "host"] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          aria-pressed={view.control === mode}
          className={`${BUTTON} aria-pressed:bg-white/20`}
          onClick={() => choose(mode)}
        >
          {mode === "all" ? strings.controlAll : strings.controlHost}
        </button>
      ))}
    </fieldset>
  );
}

function Chat({ room }: { room: RoomConnection }) {
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const message = useFieldLength();
  const messageLeftId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get("text") ?? "").trim();
    if (!text) return;
    setSending(true);
    const failure = await room.send({ type: "chat", text });
    setSending(false);
    setError(failure);
    if (!failure) {
      form.reset();
      message.reset();
    }
  };
  return (
    <div className="space-y-2">
      <h3 className="text-sm text-neutral-300">{strings.chat}</h3>
      <ol className="max-h-64 space-y-1 overflow-y-auto text-sm [overflow-wrap:anywhere]" aria-live="polite" data-room-chat>
        {room.chat.length === 0 ? <li className="text-neutral-300">{strings.noMessages}</li> : null}
        {room.chat.map((message) => (
          <li key={message.id}>
            <span className="font-semibold">{message.name}:</span> {message.text}
          </li>
        ))}
      </ol>
      <form onSubmit={(event) => void submit(event)} className="flex gap-2">
        <input
          name="text"
          required
          maxLength={ROOM_LIMITS.messageChars}
          aria-label={strings.chatPlaceholder}
          placeholder={strings.chatPlaceholder}
          autoComplete="off"
          className="min-w-0 flex-1 rounded border border-white/25 bg-transparent px-2 py-1 text-sm"
          aria-describedby={messageLeftId}
          onInput={message.onInput}
        />
        <button type="submit" className={BUTTON} disabled={sending}>
          {strings.send}
        </button>
      </form>
      <CharactersLeft id={messageLeftId} length={message.length} limit={ROOM_LIMITS.messageChars} className="text-neutral-300" />
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
