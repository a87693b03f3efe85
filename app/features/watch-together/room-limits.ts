// The bounds of «Смотреть вместе»: what one room, one member and one process may hold (decisions 0262, 0280).

export const ROOM_LIMITS = {
  /** Rooms one process keeps (each process keeps every room it hears of); about 40 KB each at the worst. */
  roomsPerProcess: 500,
  /** A host-only room of this many holds together on one process (the fan-out is measured at this size). */
  membersPerRoom: 50,
  /** Rooms one address or one account may have open as host at once. */
  roomsPerCreator: 3,
  /** The chat keeps this many latest messages (a ring: the oldest goes). */
  chatMessages: 30,
  messageChars: 500,
  nameChars: 40,
  /** A room without members ends this long after the last one left. */
  emptyGraceMs: 2 * 60_000,
  /**
   * A member no process has streamed to for this long is gone: one who never connected after joining, or whose
   * browser went away. Long enough for a reload on a slow phone, or a deploy that restarts every process.
   */
  presenceGraceMs: 30_000,
  /** And any room ends after this, members or not (a process that died never said its members left). */
  longestLifeMs: 24 * 60 * 60_000,
  /**
   * A member who buffers longer is no longer waited for (their player catches up by a seek). The default of a room;
   * the server gives each room the configured one when it makes it (WATCH_TOGETHER_BUFFER_WAIT_SECONDS).
   */
  bufferWaitMs: 10_000,
  /**
   * A change of playback acts this long after the server took it (decision 0280): just above the bus's and the event
   * streams' delivery, so that every member hears it before it is due and all act at the same server time.
   */
  commandLeadMs: 400,
  /** The longest buffering wait a room may be given. */
  longestBufferWaitMs: 60_000,
  minRate: 0.25,
  maxRate: 4,
} as const;
