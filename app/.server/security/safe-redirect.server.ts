// Redirect targets from user input (`?redirectTo=`): only paths on this site, never another host.
// Every redirect the app answers goes through `safeRedirectPath` (toasts included), so its result must also
// be a valid `Location` header: a ByteString of printable ASCII.

// Control characters (incl. tab, CR, LF, DEL) and backslashes, which browsers treat like slashes.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

// Characters outside printable ASCII (and the space): percent-encoded as UTF-8 before they reach a header.
const NEEDS_ENCODING = /[^\u0021-\u007e]/gu;

// Slash look-alikes that compatibility normalisation leaves alone: division, fraction, set-minus, big and
// mathematical slashes.
const SLASH_LOOKALIKES = /[\u1735\u2044\u2215\u2216\u244a\u27cb\u27cd\u29f5\u29f8\u29f9]/u;

/**
 * Look-alikes of `/` and `\` (fullwidth, small, division, fraction slashes, …): some software folds them into
 * the real thing (Unicode compatibility normalisation), which would turn `/／evil.example` into `//evil.example`.
 */
function hasLookalikeSlash(value: string): boolean {
  if (SLASH_LOOKALIKES.test(value)) return true;
  for (const character of value) {
    if (character < "\u0080") continue;
    if (/[/\\]/.test(character.normalize("NFKC"))) return true;
  }
  return false;
}

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

/** Non-ASCII characters as `%XX` UTF-8 escapes; null for text that is not valid Unicode (a lone surrogate). */
function encodeNonAscii(path: string): string | null {
  try {
    return path.replace(NEEDS_ENCODING, (character) => encodeURIComponent(character));
  } catch {
    return null;
  }
}

/**
 * `raw` when it is a same-origin path (`/…`, not `//…`), otherwise `fallback`. Non-ASCII characters come back
 * percent-encoded (`/п` → `/%D0%BF`), so the result is always safe to put into a `Location` header.
 */
export function safeRedirectPath(raw: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof raw !== "string") return fallback;
  const path = raw.trim();
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  if (FORBIDDEN_CHARACTERS.test(path) || hasLookalikeSlash(path)) return fallback;
  const decoded = decodeFully(path);
  if (decoded === null || FORBIDDEN_CHARACTERS.test(decoded) || decoded.startsWith("//") || hasLookalikeSlash(decoded)) return fallback;
  const encoded = encodeNonAscii(path);
  if (encoded === null) return fallback;
  // The URL parser is the final judge: whatever it makes of the path must stay on our origin.
  const base = "http://same-origin.invalid";
  let resolved: URL;
  try {
    resolved = new URL(encoded, base);
  } catch {
    return fallback;
  }
  if (resolved.origin !== base) return fallback;
  return encoded;
}
