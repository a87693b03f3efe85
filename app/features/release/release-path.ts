/** The release page's address. */
export function releasePath(alias: string): string {
  return `/anime/releases/release/${alias}`;
}
