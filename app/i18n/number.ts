// Russian number formatting: "1 500" (no-break space between thousands), "12,5" (decimal comma), the same text
// as Intl.NumberFormat("ru-RU"). Written out rather than asked of Intl: the first Intl object on a page loads
// ICU's locale data, which cost a 4× slowed phone 60–230 ms of main thread on our pages, for text this simple.
const NO_BREAK_SPACE = "\u00a0";

/** The shortest decimal form of a non-negative number as whole and fraction digits ("1.5e-7" → "0", "00000015"). */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const [mantissa = "0", exponent = "0"] = String(value).split("e");
  const [integer = "0", decimals = ""] = mantissa.split(".");
  let digits = integer + decimals;
  let point = integer.length + Number(exponent);
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, "0");
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Rounds half away from zero on the decimal form (1.005 → 1.01), as Intl does, not on the binary value. */
function roundDecimal(value: number, fractionDigits: number): { whole: string; fraction: string } {
  const { whole, fraction } = decimalDigits(value);
  if (fraction.length <= fractionDigits) return { whole, fraction };
  const kept = whole + fraction.slice(0, fractionDigits);
  const rounded = (fraction.charAt(fractionDigits) >= "5" ? (BigInt(kept) + 1n).toString() : kept).padStart(kept.length, "0");
  const split = rounded.length - fractionDigits;
  return { whole: rounded.slice(0, split), fraction: rounded.slice(split) };
}

/** Digits after the comma between `minimumFractionDigits` and `maximumFractionDigits`, like Intl.NumberFormat("ru-RU"). */
export function formatNumber(value: number, maximumFractionDigits = 0, minimumFractionDigits = 0): string {
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (Number.isNaN(value)) return `не${NO_BREAK_SPACE}число`;
  if (!Number.isFinite(value)) return `${sign}∞`;
  const { whole, fraction } = roundDecimal(Math.abs(value), maximumFractionDigits);
  const shown = fraction.replace(/0+$/, "").padEnd(minimumFractionDigits, "0");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
  return `${sign}${grouped}${shown ? `,${shown}` : ""}`;
}
