// Loaded when the viewer asks for a link to the moment: the link, and the clipboard.
import { MOMENT_PARAMETER } from "./moment-parameter";

/** The episode's address at `seconds`, whole seconds down, without anything else of the page's address. */
export function momentLink(episodeUrl: string, seconds: number): string {
  const url = new URL(episodeUrl);
  url.search = "";
  url.hash = "";
  url.searchParams.set(MOMENT_PARAMETER, String(Math.floor(Math.max(0, seconds))));
  return url.toString();
}

/** False where the browser refuses (no permission, an insecure page): the link is then shown to copy by hand. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
