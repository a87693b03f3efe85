// Fullscreen and picture-in-picture for the player, where the browser offers them.
import { useCallback, useEffect, useState, type RefObject } from "react";

// Not in TypeScript's DOM types: only some browsers (Chrome on Android) have it, and only in fullscreen.
type LockableOrientation = ScreenOrientation & { lock?(orientation: "landscape"): Promise<void> };

/** Turns a phone sideways for the episode; desktops and browsers without the API refuse, which changes nothing. */
function lockLandscape() {
  try {
    void (screen.orientation as LockableOrientation | undefined)?.lock?.("landscape").catch(() => undefined);
  } catch {
    // Some browsers throw instead of rejecting.
  }
}

function unlockOrientation() {
  try {
    screen.orientation?.unlock?.();
  } catch {
    // Nothing was locked.
  }
}

export function useFullscreen(elementRef: RefObject<HTMLElement>) {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    setSupported(Boolean(document.fullscreenEnabled));
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === elementRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [elementRef]);
  const toggle = useCallback(() => {
    const element = elementRef.current;
    if (!element) return;
    if (document.fullscreenElement) {
      unlockOrientation();
      void document.exitFullscreen().catch(() => undefined);
    } else {
      void element.requestFullscreen?.().then(lockLandscape, () => undefined);
    }
  }, [elementRef]);
  return { active, supported, toggle };
}

export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement>) {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    setSupported(Boolean(document.pictureInPictureEnabled) && !video?.disablePictureInPicture);
    if (!video) return;
    const onEnter = () => setActive(true);
    const onLeave = () => setActive(false);
    video.addEventListener("enterpictureinpicture", onEnter);
    video.addEventListener("leavepictureinpicture", onLeave);
    return () => {
      video.removeEventListener("enterpictureinpicture", onEnter);
      video.removeEventListener("leavepictureinpicture", onLeave);
    };
  }, [videoRef]);
  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture?.().catch(() => undefined);
  }, [videoRef]);
  return { active, supported, toggle };
}
