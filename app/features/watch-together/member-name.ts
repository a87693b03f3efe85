// What a member may be called in a room (decision 0279): a name as a person reads it, never a role. Characters that
// show nothing or turn the text around (controls, bidi marks, zero-width joiners) are dropped; words that name a role
// are refused, also when spelt with Latin look-alikes, so that only the host's own mark says who leads.
import { z } from "zod";
import { ROOM_LIMITS } from "./room-limits";
import { watchTogetherStrings as strings } from "./strings";

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
const LATIN_LOOKALIKES: Record<string, string> = {
  a: "а",
  b: "в",
  c: "с",
  e: "е",
  h: "н",
  k: "к",
  m: "м",
  o: "о",
  p: "р",
  t: "т",
  x: "х",
  y: "у",
};
const ROLE_WORDS = /ведущ|хост|host|админ|admin|модер|moder|владел|owner|👑/u;

/** The name as it is kept: invisible characters out, spaces collapsed. */
export function cleanMemberName(name: string): string {
  return name.replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
}

/** Whether a name claims a role: the role words, in any case, Latin look-alikes read as Cyrillic. */
export function claimsRole(name: string): boolean {
  const lower = name.toLowerCase();
  const asCyrillic = lower.replace(/[a-z]/g, (letter) => LATIN_LOOKALIKES[letter] ?? letter);
  return ROLE_WORDS.test(lower) || ROLE_WORDS.test(asCyrillic);
}

export const memberNameSchema = z
  .string()
  .transform(cleanMemberName)
  .pipe(
    z
      .string()
      .min(1, strings.badName)
      .max(ROOM_LIMITS.nameChars, strings.badName)
      .refine((name) => !claimsRole(name), strings.badNameRole),
  );
