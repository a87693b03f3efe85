// Which state a list control shows: the click in flight, then the action's answer, then the account extras, then the page's own data.
import type { CollectionType } from "~/domain/account";

type Sources<State> = {
  /** What the submission in flight will make it (optimistic); undefined when nothing is in flight. */
  pending: State | undefined;
  /** What the last finished submission answered; undefined when there was none or it failed. */
  confirmed: State | undefined;
  /** From the streamed account extras; undefined until they arrive (and for visitors). */
  extras: State | undefined;
  /** What the page's loader knew when it rendered. */
  initial: State;
};

export function shownState<State>({ pending, confirmed, extras, initial }: Sources<State>): State {
  if (pending !== undefined) return pending;
  if (confirmed !== undefined) return confirmed;
  if (extras !== undefined) return extras;
  return initial;
}

/** What the fetcher's answer says, when it answered for this release. */
export type ListActionData =
  | { ok: true; releaseId: number; isFavorite: boolean; message: string }
  | { ok: true; releaseId: number; collection: CollectionType | null; message: string }
  | { ok: false; message: string };
