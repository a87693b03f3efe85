import { formatNumber } from "./number";

export type PluralForms = { one: string; few: string; many: string };

/**
 * Picks the Russian word form for a count: 1 серия, 2 серии, 5 серий (CLDR's rule for Russian, written out for
 * the same reason as formatNumber: no Intl object to build). Fractions take the `many` form here.
 */
export function plural(count: number, forms: PluralForms): string {
  if (!Number.isInteger(count)) return forms.many;
  const lastDigit = Math.abs(count) % 10;
  const lastTwo = Math.abs(count) % 100;
  if (lastDigit === 1 && lastTwo !== 11) return forms.one;
  if (lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14)) return forms.few;
  return forms.many;
}

/** "5 серий" — the count followed by the matching form. */
export function countOf(count: number, forms: PluralForms): string {
  // The word agrees with the number as printed (rounded half away from zero, like formatNumber).
  const shown = Math.sign(count) * Math.round(Math.abs(count));
  return `${formatNumber(count)} ${plural(shown, forms)}`;
}
