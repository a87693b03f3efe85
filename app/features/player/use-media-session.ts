// Media Session: the title and artwork on the lock screen and in system media controls, with next/previous.
import { useEffect } from "react";

export type MediaSessionInfo = { title: string; album: string; artwork: string | null };
export type MediaSessionActions = {
  play(): void;
  pause(): void;
  seekBy(seconds: number): void;
  next: (() => void) | null;
  previous: (() => void) | null;
};

function artworkType(url: string): string {
  return url.endsWith(".webp") ? "image/webp" : url.endsWith(".png") ? "image/png" : "image/jpeg";
}

export function useMediaSession(info: MediaSessionInfo, actions: MediaSessionActions): void {
  const { title, album, artwork } = info;
  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      album,
      artist: album,
      artwork: artwork ? [{ src: artwork, type: artworkType(artwork) }] : [],
    });
    return () => {
      navigator.mediaSession.metadata = null;
    };
  }, [title, album, artwork]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ["play", () => actions.play()],
      ["pause", () => actions.pause()],
      ["seekbackward", (details) => actions.seekBy(-(details.seekOffset ?? 10))],
      ["seekforward", (details) => actions.seekBy(details.seekOffset ?? 10)],
      ["nexttrack", actions.next ? () => actions.next?.() : null],
      ["previoustrack", actions.previous ? () => actions.previous?.() : null],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [actions]);
}
