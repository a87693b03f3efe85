// Count phrases on a page («300 релизов», «2 серии») read as the viewer reads them and checked against the app's own
// plural helper (commit c08a783): a number followed by a counted word must take the form `plural` gives for it, so a
// hand-written «2 серия» or «Найдено: 5 релиза» cannot come back unnoticed.
import { forms } from "../../app/i18n/format";
import { plural, type PluralForms } from "../../app/i18n/plural";

/** The counted words the interface writes: the helper's own table, and those features spell out themselves. */
const FAMILIES: readonly PluralForms[] = [
  ...Object.values(forms),
  { one: "серия", few: "серии", many: "серий" },
  { one: "голос", few: "голоса", many: "голосов" },
  { one: "час", few: "часа", many: "часов" },
  { one: "секунда", few: "секунды", many: "секунд" },
  { one: "сезон", few: "сезона", many: "сезонов" },
  { one: "раздача", few: "раздачи", many: "раздач" },
];

const familyOf = new Map<string, PluralForms>();
for (const family of FAMILIES) for (const word of [family.one, family.few, family.many]) familyOf.set(word, family);

/**
 * A whole number (digits, perhaps grouped by spaces as formatNumber groups them) and the word after it. Not a
 * fraction's tail («12,5 серий» takes the many form by rule), a clock («0:13»), an ordinal («2-я») or a range's start.
 */
const COUNT_PHRASE = /(?<![\d,.:–\-/])(\d{1,3}(?:[\u00a0\u202f ]\d{3})+|\d+)[\u00a0\u202f ]+([а-яё]+)/giu;

/** Count phrases in the given text whose word is not the form the plural helper picks for the number. */
export function wrongCountPhrases(text: string): string[] {
  const wrong: string[] = [];
  for (const match of text.matchAll(COUNT_PHRASE)) {
    const [phrase, digits, word] = match as unknown as [string, string, string];
    const lower = word.toLowerCase();
    const family = familyOf.get(lower);
    if (!family) continue;
    const count = Number(digits.replace(/\D/g, ""));
    const expected = plural(count, family);
    if (lower !== expected) wrong.push(`«${phrase}» should read «${digits} ${expected}»`);
  }
  return wrong;
}

/** Count phrases of the text the viewer sees (its `innerText`: hidden and visually hidden parts aside), each once. */
export function countPhraseViolations(visibleText: string): string[] {
  return [...new Set(wrongCountPhrases(visibleText))].map((problem) => `count phrase ${problem}`);
}
