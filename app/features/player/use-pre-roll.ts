// Whether this episode start gets a pre-roll, its ad (looked up after hydration), and when the episode may play.
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchPreRoll } from "~/features/ads/pre-roll-chain";
import type { AdEnd } from "~/features/ads/use-vast-ad";
import type { VastAd } from "~/features/ads/vast";
import type { AdFlags } from "~/domain/ad-slots";
import { markPreRollPlayed, preRollDueNow } from "~/features/video-engine/ad-session";

export type PreRollPhase = "none" | "due" | "showing" | "done";

/** The pre-roll may call any http(s) tracker; the page's CSP decides which hosts are reachable (decision 0150). */
export const anyTracker = (url: URL) => url.protocol === "https:" || url.protocol === "http:";

/** A pre-roll that is due or playing holds the episode back (it fetches only its start meanwhile). */
function holdsTheEpisode(phase: PreRollPhase): boolean {
  return phase === "due" || phase === "showing";
}

export function usePreRoll(flags: AdFlags, onDone: () => void) {
  const [phase, setPhase] = useState<PreRollPhase>("none");
  const [ad, setAd] = useState<VastAd | null | undefined>(undefined);
  const phaseRef = useRef<PreRollPhase>("none");
  const adRef = useRef<VastAd | null | undefined>(undefined);
  const flagsRef = useRef(flags);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;

  const moveTo = useCallback((next: PreRollPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  // Decided once per episode (the player is keyed by episode): the tab's session is known only here.
  useEffect(() => {
    if (!preRollDueNow(flagsRef.current)) return;
    moveTo("due");
    const controller = new AbortController();
    const settle = (found: VastAd | null) => {
      adRef.current = found;
      setAd(found);
    };
    fetchPreRoll(controller.signal, anyTracker).then(settle, () => !controller.signal.aborted && settle(null));
    return () => controller.abort();
  }, [moveTo]);

  /** Called where the episode would start playing: true when the ad goes first (the episode waits for it). */
  const takeStart = useCallback((): boolean => {
    if (phaseRef.current !== "due") return false;
    if (adRef.current === null) {
      moveTo("done");
      return false;
    }
    moveTo("showing");
    return true;
  }, [moveTo]);

  const finish = useCallback(
    (_end: AdEnd) => {
      if (phaseRef.current !== "showing") return;
      moveTo("done");
      doneRef.current();
    },
    [moveTo],
  );

  /** `holdingEpisode` as of now, for an effect that runs before the phase's state has caught up. */
  const holdsEpisode = useCallback(() => holdsTheEpisode(phaseRef.current), []);

  return {
    phase,
    ad,
    showing: phase === "showing",
    holdingEpisode: holdsTheEpisode(phase),
    holdsEpisode,
    takeStart,
    finish,
    onImpression: markPreRollPlayed,
  };
}
