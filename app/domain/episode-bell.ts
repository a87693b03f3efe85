// The bell on a title (decision 0284): what the browser and the server share about it.
export const BELL_MODES = ["all", "lists", "off"] as const;
export type BellMode = (typeof BELL_MODES)[number];

/** Whose bells: an account (every device it signs in on), or one browser of a visitor (its random id cookie). */
export type BellOwner = { kind: "account"; accountId: number } | { kind: "visitor"; visitorId: string };

export type BellRow = {
  releaseId: number;
  mode: Exclude<BellMode, "off">;
  inLists: boolean;
  alias: string;
  title: string;
  updatedAt: number;
};

/** What a page shows of the bell of its title; `pushKey` is the VAPID public key, null when push is off. */
export type BellState = { releaseId: number; mode: BellMode; signedIn: boolean; pushKey: string | null };

/** The bell action's JSON answer to a fetcher. */
export type BellActionData = { ok: true; releaseId: number; mode: BellMode; message: string } | { ok: false; message: string };

/** The bell's form posts here; «Мои подписки» lists the bells. */
export const BELL_ACTION_PATH = "/notifications/bell";
export const PUSH_SUBSCRIPTION_PATH = "/notifications/push-subscription";
export const SUBSCRIPTIONS_PATH = "/me/subscriptions/";

/** A push message about a new episode: what the sender writes and the service worker's `push` handler reads. */
export type EpisodePush = {
  title: string;
  body: string;
  /** Paths on this site (or an https address): the poster, and the player at the episode. */
  icon: string | null;
  url: string;
  releaseId: number;
  episodeId: string;
  tag: string;
};

/** Whether a bell in `mode` rings for a title: «Только в избранном/списках» only while the title is in a list. */
export function bellRings(mode: BellMode, inLists: boolean): boolean {
  return mode === "all" || (mode === "lists" && inLists);
}
