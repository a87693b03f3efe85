// When the player's controls show: they fade out while playing without pointer or keyboard activity, and a tap on
// the picture shows or hides them instead of pausing (a double tap on one half seeks, with a flash saying by how much).
import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import { LONG_SEEK_STEP_SECONDS } from "./keyboard";
import { interpretTap, sideOf, type LastTap, type TapSide } from "./touch-gestures";

const CONTROLS_HIDE_AFTER_MS = 3_000;
const SEEK_FLASH_MS = 700;

export type SeekFlash = { side: TapSide; count: number };

export function useControlsVisibility({
  paused,
  menuOpen,
  closeMenu,
  seekBy,
}: {
  paused: boolean;
  menuOpen: boolean;
  closeMenu(): void;
  seekBy(seconds: number): void;
}) {
  const [idle, setIdle] = useState(false);
  const [hiddenByTap, setHiddenByTap] = useState(false);
  const [seekFlash, setSeekFlash] = useState<SeekFlash | null>(null);
  const idleTimer = useRef<number>();
  const wake = useCallback(() => {
    setIdle(false);
    setHiddenByTap(false);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setIdle(true), CONTROLS_HIDE_AFTER_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);
  const hidden = !menuOpen && (hiddenByTap || (idle && !paused));

  const lastPointerType = useRef("mouse");
  const lastTap = useRef<LastTap>(null);
  const flashTimer = useRef<number>();
  useEffect(() => () => window.clearTimeout(flashTimer.current), []);
  const hiddenBeforeTap = useRef(false);
  const showControls = (show: boolean) => (show ? wake() : setHiddenByTap(true));
  const onVideoPointerUp = (event: PointerEvent<HTMLVideoElement>) => {
    if (event.pointerType !== "touch") return;
    if (menuOpen) return closeMenu();
    const box = event.currentTarget.getBoundingClientRect();
    const side = sideOf(event.clientX - box.left, box.width);
    const step = interpretTap(lastTap.current, event.timeStamp, side);
    lastTap.current = step.last;
    if (step.action.kind === "toggle-controls") {
      hiddenBeforeTap.current = hidden;
      return showControls(hidden);
    }
    // Back to how the first tap found them (not a toggle: both taps may be handled before a re-render).
    if (step.action.undoToggle) showControls(!hiddenBeforeTap.current);
    seekBy(side === "back" ? -LONG_SEEK_STEP_SECONDS : LONG_SEEK_STEP_SECONDS);
    setSeekFlash((flash) => ({ side, count: flash?.side === side ? flash.count + 1 : 1 }));
    window.clearTimeout(flashTimer.current);
    flashTimer.current = window.setTimeout(() => setSeekFlash(null), SEEK_FLASH_MS);
  };

  return {
    hidden,
    wake,
    seekFlash,
    /** Whether the last press on the picture was a touch: a click after a tap does not pause. */
    pressedByTouch: () => lastPointerType.current === "touch",
    onVideoPointerDown: (event: PointerEvent<HTMLVideoElement>) => (lastPointerType.current = event.pointerType),
    onVideoPointerUp,
  };
}
