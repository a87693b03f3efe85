// Redirect targets from user input (`?redirectTo=`): only paths on this site, never another host.

// Control characters (incl. tab, CR, LF, DEL) and backslashes, which browsers treat like slashes.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

function decodeFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return current;
}

/** `raw` when it is a same-origin path (`/…`, not `//…`), otherwise `fallback`. */
export function safeRedirectPath(raw: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof raw !== "string") return fallback;
  const path = raw.trim();
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  if (FORBIDDEN_CHARACTERS.test(path)) return fallback;
  const decoded = decodeFully(path);
  if (decoded === null || FORBIDDEN_CHARACTERS.test(decoded) || decoded.startsWith("//")) return fallback;
  // The URL parser is the final judge: whatever it makes of the path must stay on our origin.
  const base = "http://same-origin.invalid";
  let resolved: URL;
  try {
    resolved = new URL(path, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base) return fallback;
  return path;
}
