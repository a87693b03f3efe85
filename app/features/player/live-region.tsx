// The player's one polite live region: what a sighted viewer sees pop up (a skip, the countdown, a change of quality or
// speed, buffering) is said to a screen reader too (decision 0285).
import { useCallback, useRef, useState } from "react";

export type Announce = (message: string) => void;

export function useAnnouncer(): { message: { text: string; id: number } | null; announce: Announce } {
  const [message, setMessage] = useState<{ text: string; id: number } | null>(null);
  const counter = useRef(0);
  const announce = useCallback((text: string) => {
    counter.current += 1;
    setMessage({ text, id: counter.current });
  }, []);
  return { message, announce };
}

/** The region stays in the page; a new node per message, so the same words said twice are said again. */
export function LiveRegion({ message }: { message: { text: string; id: number } | null }) {
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-player-live-region>
      {message ? <span key={message.id}>{message.text}</span> : null}
    </div>
  );
}
