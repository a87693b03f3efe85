const russianPlurals = new Intl.PluralRules("ru-RU");

export type PluralForms = { one: string; few: string; many: string };

/** Picks the Russian word form for a count: 1 серия, 2 серии, 5 серий. */
export function plural(count: number, forms: PluralForms): string {
  const category = russianPlurals.select(count);
  if (category === "one") return forms.one;
  if (category === "few") return forms.few;
  return forms.many;
}

/** "5 серий" — the count followed by the matching form. */
export function countOf(count: number, forms: PluralForms): string {
  return `${count.toLocaleString("ru-RU")} ${plural(count, forms)}`;
}
