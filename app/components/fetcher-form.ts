// A form that posts itself without JavaScript, and before the page hydrates (decision 0234), and goes through a
// fetcher once it has. The fetcher's copy is marked `via=fetcher`: its action answers JSON to it, and sends the
// browser's own post back to the page with a redirect (decision 0236).
const VIA_FIELD = "via";
const VIA_FETCHER = "fetcher";

/** A form's fields, with the clicked button's as the browser would add them, marked as sent by a fetcher. */
export function fetcherFormData(form: HTMLFormElement, submitter: EventTarget | null = null): FormData {
  return markedAsSentByFetcher(new FormData(form), submitter);
}

export function markedAsSentByFetcher(fields: FormData, submitter: EventTarget | null): FormData {
  if (isNamedSubmitter(submitter)) fields.append(submitter.name, submitter.value);
  fields.set(VIA_FIELD, VIA_FETCHER);
  return fields;
}

/** A `<button>` or `<input type="submit">` with a name: the browser adds its name and value to what it posts. */
function isNamedSubmitter(target: EventTarget | null): target is HTMLButtonElement | HTMLInputElement {
  if (typeof HTMLButtonElement !== "undefined" && target instanceof HTMLButtonElement) return target.name !== "";
  return typeof HTMLInputElement !== "undefined" && target instanceof HTMLInputElement && target.type === "submit" && target.name !== "";
}

export function sentByFetcher(form: FormData): boolean {
  return form.get(VIA_FIELD) === VIA_FETCHER;
}
