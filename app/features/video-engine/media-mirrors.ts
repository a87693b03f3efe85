// The same media file on several hosts (UPSTREAM_MEDIA_URL's list, decision 0213): which host a URL is on,
// the same URL on another one, and the order to try them in.

/** The index of the mirror `url` is on, or -1 when it is on none of them (our own origin, a third party). */
export function mirrorIndexOf(url: string, mirrors: readonly string[]): number {
  return mirrors.findIndex((mirror) => url.startsWith(`${mirror}/`));
}

/** `url` moved to `mirrors[index]`; unchanged when it is on no mirror. */
export function onMirror(url: string, mirrors: readonly string[], index: number): string {
  const current = mirrorIndexOf(url, mirrors);
  const target = mirrors[index];
  if (current < 0 || target === undefined) return url;
  return `${target}${url.slice(mirrors[current]!.length)}`;
}

/** The order in which a file is tried: from the host that worked last, then each other host once, wrapping round. */
export function mirrorOrder(start: number, count: number): number[] {
  return Array.from({ length: count }, (_unused, offset) => (start + offset) % count);
}
