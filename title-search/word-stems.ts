// Stems for word search: the Snowball Russian stemmer (snowballstem.org/algorithms/russian) and a light
// English one (plurals, possessives, -ing, -ed). Both only ever cut a word's end, so a stem is a prefix of
// the word: stored stems can be matched by a query stem's prefix.

const RUSSIAN_VOWELS = "аеиоуыэюя";

const PERFECTIVE_GERUND_AFTER_A = ["в", "вши", "вшись"];
const PERFECTIVE_GERUND = ["ив", "ивши", "ившись", "ыв", "ывши", "ывшись"];
const ADJECTIVE = [
  "ее",
  "ие",
  "ые",
  "ое",
  "ими",
  "ыми",
  "ей",
  "ий",
  "ый",
  "ой",
  "ем",
  "им",
  "ым",
  "ом",
  "его",
  "ого",
  "ему",
  "ому",
  "их",
  "ых",
  "ую",
  "юю",
  "ая",
  "яя",
  "ою",
  "ею",
];
const PARTICIPLE_AFTER_A = ["ем", "нн", "вш", "ющ", "щ"];
const PARTICIPLE = ["ивш", "ывш", "ующ"];
const REFLEXIVE = ["ся", "сь"];
const VERB_AFTER_A = ["ла", "на", "ете", "йте", "ли", "й", "л", "ем", "н", "ло", "но", "ет", "ют", "ны", "ть", "ешь", "нно"];
const VERB = [
  "ила",
  "ыла",
  "ена",
  "ейте",
  "уйте",
  "ите",
  "или",
  "ыли",
  "ей",
  "уй",
  "ил",
  "ыл",
  "им",
  "ым",
  "ен",
  "ило",
  "ыло",
  "ено",
  "ят",
  "ует",
  "уют",
  "ит",
  "ыт",
  "ены",
  "ить",
  "ыть",
  "ишь",
  "ую",
  "ю",
];
const NOUN = [
  "а",
  "ев",
  "ов",
  "ие",
  "ье",
  "е",
  "иями",
  "ями",
  "ами",
  "еи",
  "ии",
  "и",
  "ией",
  "ей",
  "ой",
  "ий",
  "й",
  "иям",
  "ям",
  "ием",
  "ем",
  "ам",
  "ом",
  "о",
  "у",
  "ах",
  "иях",
  "ях",
  "ы",
  "ь",
  "ию",
  "ью",
  "ю",
  "ия",
  "ья",
  "я",
];
const SUPERLATIVE = ["ейше", "ейш"];
const DERIVATIONAL = ["ость", "ост"];

/** A word's end that the stemmer is allowed to cut: it must lie at or after `limit`. */
interface Word {
  text: string;
  limit: number;
}

function longestEnding(word: Word, endings: readonly string[]): string | null {
  let found: string | null = null;
  for (const ending of endings) {
    if (word.text.endsWith(ending) && word.text.length - ending.length >= word.limit && ending.length > (found?.length ?? 0)) {
      found = ending;
    }
  }
  return found;
}

/**
 * Cuts the longest ending of either group (Snowball's `among`): an ending of `afterA` only counts when "а" or
 * "я" precedes it inside the region, and then that letter stays. The longest ending decides, as in Snowball.
 */
function cutEnding(word: Word, afterA: readonly string[], plain: readonly string[]): boolean {
  const ending = longestEnding(word, [...afterA, ...plain]);
  if (ending === null) return false;
  const stemEnd = word.text.length - ending.length;
  if (afterA.includes(ending) && !plain.includes(ending)) {
    const before = word.text[stemEnd - 1];
    if (stemEnd - 1 < word.limit || (before !== "а" && before !== "я")) return false;
  }
  word.text = word.text.slice(0, stemEnd);
  return true;
}

/** Where the region after the first vowel-then-consonant pair starts (Snowball's R1) from `from`. */
function regionAfterVowelConsonant(text: string, from: number): number {
  for (let index = from + 1; index < text.length; index++) {
    if (RUSSIAN_VOWELS.includes(text[index - 1] as string) && !RUSSIAN_VOWELS.includes(text[index] as string)) {
      return index + 1;
    }
  }
  return text.length;
}

/** Snowball Russian on a lower-case word with "ё" already folded into "е". */
export function russianStem(input: string): string {
  const firstVowel = [...input].findIndex((letter) => RUSSIAN_VOWELS.includes(letter));
  if (firstVowel < 0) return input;
  const word: Word = { text: input, limit: firstVowel + 1 };
  const r2 = regionAfterVowelConsonant(input, regionAfterVowelConsonant(input, 0));

  if (!cutEnding(word, PERFECTIVE_GERUND_AFTER_A, PERFECTIVE_GERUND)) {
    cutEnding(word, [], REFLEXIVE);
    if (cutEnding(word, [], ADJECTIVE)) cutEnding(word, PARTICIPLE_AFTER_A, PARTICIPLE);
    else if (!cutEnding(word, VERB_AFTER_A, VERB)) cutEnding(word, [], NOUN);
  }
  cutEnding(word, [], ["и"]);
  const derivational: Word = { text: word.text, limit: Math.max(word.limit, r2) };
  if (cutEnding(derivational, [], DERIVATIONAL)) word.text = derivational.text;
  if (cutEnding(word, [], SUPERLATIVE) || word.text.endsWith("нн")) {
    if (word.text.endsWith("нн") && word.text.length - 2 >= word.limit) word.text = word.text.slice(0, -1);
  } else cutEnding(word, [], ["ь"]);
  return word.text;
}

/** Plurals, possessives, -ing and -ed; a stem keeps at least three letters. */
export function englishStem(word: string): string {
  let stem = word.replace(/'s?$/, "");
  if (stem.length > 4 && stem.endsWith("ies")) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith("s") && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  const verbal = /^(.{3,}?)(?:ing|ed)$/.exec(stem);
  if (verbal?.[1] && /[aeiouy]/.test(verbal[1])) stem = verbal[1];
  return stem;
}

/** The stem of one normalised word: Russian for Cyrillic, English for Latin, anything else as it is. */
export function wordStem(word: string): string {
  if (/^[а-я]+$/.test(word)) return russianStem(word);
  if (/^[a-z']+$/.test(word)) return englishStem(word);
  return word;
}
