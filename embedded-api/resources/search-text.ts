// One normal form for stored search text and search queries: lower case, "ё" as "е", no control
// characters (a NUL would end the FTS query string early), single spaces.
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
