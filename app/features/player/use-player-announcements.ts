// What the live region says as the player's state changes: the countdown to the next episode as it starts, buffering
// as it starts, and a change of quality or speed after the remembered settings were read (not their reading itself).
import { useEffect, useRef } from "react";
import type { EndCardState } from "./auto-next";
import type { Announce } from "./live-region";
import type { PlayerSettings } from "~/features/video-engine/settings";
import { playbackRateLabel } from "~/features/video-engine/strings";
import { playerStrings, qualityLabel } from "./strings";

type Watched = {
  endCard: EndCardState;
  buffering: boolean;
  settings: Pick<PlayerSettings, "quality" | "playbackRate">;
  settingsLoaded: boolean;
};

export function usePlayerAnnouncements(announce: Announce, { endCard, buffering, settings, settingsLoaded }: Watched): void {
  const secondsLeft = useRef(0);
  secondsLeft.current = endCard.kind === "counting" ? endCard.secondsLeft : 0;
  const counting = endCard.kind === "counting";
  useEffect(() => {
    if (counting) announce(playerStrings.nextIn(secondsLeft.current));
  }, [counting, announce]);

  useEffect(() => {
    if (buffering) announce(playerStrings.buffering);
  }, [buffering, announce]);

  const { quality, playbackRate } = settings;
  const heard = useRef<{ quality: string; playbackRate: number } | null>(null);
  useEffect(() => {
    if (!settingsLoaded) return;
    const before = heard.current;
    heard.current = { quality, playbackRate };
    if (!before) return;
    if (before.quality !== quality) announce(playerStrings.qualityChanged(qualityLabel(quality)));
    if (before.playbackRate !== playbackRate) announce(playerStrings.speedChanged(playbackRateLabel(playbackRate)));
  }, [quality, playbackRate, settingsLoaded, announce]);
}
