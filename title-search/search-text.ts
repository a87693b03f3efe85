// The one title search of the project (docs/decisions/0130, 0256), shared by the embedded API and the site: it
// imports nothing, so both may import it.
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

/** The words of a normalised text: runs of letters and digits (as FTS5's unicode61 tokenizer splits). */
export function searchWords(normalized: string): string[] {
  return normalized.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
}
