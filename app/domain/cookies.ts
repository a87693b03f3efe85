// Plain (unsigned, unencoded) preference cookies that both the server and the browser read and write.
export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(
        part
          .slice(separator + 1)
          .trim()
          .replace(/^"(.*)"$/, "$1"),
      );
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type PreferenceCookieOptions = { maxAgeSeconds: number; sameSite: "Strict" | "Lax"; secure?: boolean; path?: string };

export function serializePreferenceCookie(
  name: string,
  value: string,
  { maxAgeSeconds, sameSite, secure, path = "/" }: PreferenceCookieOptions,
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    `SameSite=${sameSite}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
