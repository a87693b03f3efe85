// Russian nouns whose vowel drops out of all forms but one (decision 0282): «клинок» — «клинка», «клинком», «клинки»;
// «отец» — «отца», «боец» — «бойца», «ремень» — «ремня», «огонёк» — «огонька», «орёл» — «орла», «ветер» — «ветра»;
// and the other way round, «сказка» — «сказок», «башня» — «башен». The stem of one form is not a prefix of the
// other's, so each such word also gets a key: its letters without the fleeting vowel, the same for every form. Keys
// match only each other, whole (never as prefixes), so «клинка» finds «клинок» and nothing else that starts «клинк».
import { russianStem } from "./word-stems";

const VOWELS = "аеиоуыэюя";
/** The consonants a fleeting vowel stands before (-ок, -ец, -ень, -ёк, -ел, -ер and their like). */
const AFTER_FLEETING = "кцнлр";
/** The endings of a noun's forms without the vowel: cases of the singular and plural. */
const ENDINGS_WITHOUT_VOWEL = new Set([
  "а",
  "у",
  "ом",
  "о",
  "е",
  "ы",
  "и",
  "ов",
  "ев",
  "ам",
  "ами",
  "ах",
  "я",
  "ю",
  "ем",
  "ей",
  "ям",
  "ями",
  "ях",
]);
/**
 * Words whose vowel stays (урока, ступени) while the form without it is another word's (урка, ступня), and a word
 * that only looks like a form without the vowel («после», not «о после»): without them «урка» would find «Урок».
 */
const NOT_FLEETING = new Set(["урок", "порок", "ступень", "степень", "после"]);
/** Shorter keys ("дн" of «день») would be one of few letters that too many short words reduce to. */
const MIN_KEY_LENGTH = 3;

const isVowel = (letter: string | undefined) => letter !== undefined && VOWELS.includes(letter);

/** The key of the form with the vowel: the word alone (клинок) or with its soft sign (ремень); null when not of that shape. */
function keyOfFormWithVowel(stem: string): string | null {
  const match = /^(.*?)([^аеиоуыэюяь]?)([ое])([кцнлр])$/.exec(stem);
  if (!match) return null;
  const [, start = "", before = "", , after = ""] = match;
  // After a vowel the fleeting «е» leaves «й» (боец — бойца, паёк — пайка).
  if (before === "") return isVowel(start.at(-1)) ? `${start}й${after}` : null;
  return `${start}${before}${after}`;
}

/** The key of a form without the vowel (клинк-а, огоньк-а, ремн-я): the stem, a soft sign before its last letter left out. */
function keyOfFormWithoutVowel(stem: string): string | null {
  const last = stem.at(-1);
  if (last === undefined || !AFTER_FLEETING.includes(last)) return null;
  const body = stem.slice(0, -1).replace(/ь$/, "");
  const before = body.at(-1);
  return before !== undefined && !isVowel(before) ? `${body}${last}` : null;
}

/** A normalised Cyrillic word's key without its fleeting vowel, or null when it has none to lose or keep. */
export function fleetingVowelKey(word: string): string | null {
  if (!/^[а-я]+$/.test(word) || NOT_FLEETING.has(word)) return null;
  const stem = russianStem(word);
  const ending = word.slice(stem.length);
  // A plural with the vowel back (песен, башен) loses a verb's ending to the stemmer: the word itself has the shape.
  const key =
    ending === "" || ending === "ь"
      ? keyOfFormWithVowel(stem)
      : ENDINGS_WITHOUT_VOWEL.has(ending)
        ? keyOfFormWithoutVowel(stem)
        : keyOfFormWithVowel(word);
  return key !== null && key.length >= MIN_KEY_LENGTH ? key : null;
}
