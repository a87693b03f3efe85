// A filter form's address without its empty fields: `?search=&yearFrom=` says no more than the bare address
// (decision 0283). The browser submits the filled fields; the server sends an address with empty ones on to it.

/** The fields with a value, in their order (a value of only spaces is empty). */
export function filledFields(fields: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const filled = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string" && value.trim() !== "") filled.append(name, value);
  return filled;
}

/** The same address without its empty parameters, or null when it has none. */
export function addressWithoutEmptyFields(url: URL): string | null {
  const filled = filledFields(url.searchParams);
  if (filled.size === [...url.searchParams].length) return null;
  const search = filled.toString();
  return `${url.pathname}${search ? `?${search}` : ""}${url.hash}`;
}
