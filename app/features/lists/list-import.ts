// The preview of an anime list import (what the page shows before anything is written) and the viewer's choices
// sent back with the confirmation: each ticked row is one form value, so the confirmation needs no server state.
import { z } from "zod";
import { COLLECTION_TYPES, type CollectionType } from "~/domain/account";
import type { ListFileFormat } from "./list-file";
import { MAX_LIST_ENTRIES, MAX_WATCHED_PER_ENTRY } from "./list-file";

export const LIST_IMPORT_INTENT = "list-import";
/** The form field of the ticked rows. */
export const LIST_CHOICE_FIELD = "entry";

export type ListMatch = {
  releaseId: number;
  alias: string;
  title: string;
  /** Found by title, not by id: the page marks it «догадка». */
  guess: boolean;
  /** The collection the release is already in on this site, which the import keeps. */
  saved: CollectionType | null;
};

export type ListPreviewRow = { title: string; collection: CollectionType; watched: number; match: ListMatch | null };

export type ListPreview = {
  format: ListFileFormat;
  rows: ListPreviewRow[];
  counts: { matched: number; guessed: number; unmatched: number };
  /** Entries not looked up by title because the file had more than MAX_TITLE_LOOKUPS without an id match. */
  notSearched: number;
};

export type ListChoice = { releaseId: number; collection: CollectionType; watched: number };

export function encodeChoice(choice: ListChoice): string {
  return `${choice.releaseId}.${choice.collection}.${choice.watched}`;
}

const CHOICE_PATTERN = new RegExp(`^(\\d{1,12})\\.(${COLLECTION_TYPES.join("|")})\\.(\\d{1,6})$`);

export const ListChoiceSchema = z
  .string()
  .max(64)
  .regex(CHOICE_PATTERN)
  .transform((value): ListChoice => {
    const [, releaseId, collection, watched] = CHOICE_PATTERN.exec(value) ?? [];
    return { releaseId: Number(releaseId), collection: collection as CollectionType, watched: Number(watched) };
  })
  .refine((choice) => choice.releaseId > 0 && choice.releaseId <= Number.MAX_SAFE_INTEGER && choice.watched <= MAX_WATCHED_PER_ENTRY);

export const ListChoicesSchema = z.array(ListChoiceSchema).max(MAX_LIST_ENTRIES);

/**
 * One choice per release: two rows of a list may land on the same release (a guess and an id match); the first
 * row's collection stays, and the larger watched count.
 */
export function choicesByRelease(choices: ListChoice[]): ListChoice[] {
  const byRelease = new Map<number, ListChoice>();
  for (const choice of choices) {
    const first = byRelease.get(choice.releaseId);
    byRelease.set(choice.releaseId, first ? { ...first, watched: Math.max(first.watched, choice.watched) } : choice);
  }
  return [...byRelease.values()];
}
